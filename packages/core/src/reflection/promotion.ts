import type { PinChange } from '../session/index.js';
import type { Lease, LeaseScope, Pin } from '../session/types.js';
import type { PromotionRules } from './rules.js';

export { DEFAULT_PROMOTION, type PromotionRules } from './rules.js';

export interface PinReflection {
  readonly pins: readonly Pin[];
  readonly pinReferences: Readonly<Record<string, number>>;
  readonly changes: readonly PinChange[];
}

/**
 * After a turn, before leases count down: an ephemeral pin referenced in `promoteAfter` turns becomes leased; a
 * leased pin referenced this turn starts its lease over, so only a pin unused for its whole lease lapses. Nothing
 * here makes a pin sticky: only the user does. `counted` are the pins whose leases count this turn down right
 * after (see `advanceLeases`): their fresh leases get one turn more, so they still last the full lease.
 */
export function reflectPins(
  pins: readonly Pin[],
  referenced: ReadonlySet<string>,
  pinReferences: Readonly<Record<string, number>>,
  counted: ReadonlySet<string>,
  rules: PromotionRules,
): PinReflection {
  const changes: PinChange[] = [];
  const counts: Record<string, number> = {};
  const fresh = (pin: Pin, scope: LeaseScope): Lease =>
    scope.kind === 'turns'
      ? { kind: 'turns', turns: scope.turns, remaining: scope.turns + (counted.has(pin.id) ? 1 : 0) }
      : scope;
  const next = pins.map((pin): Pin => {
    const used = referenced.has(pin.id);
    if (pin.kind === 'ephemeral') {
      const turns = (pinReferences[pin.id] ?? 0) + (used ? 1 : 0);
      if (turns < rules.promoteAfter) {
        if (turns > 0) counts[pin.id] = turns;
        return pin;
      }
      const lease = fresh(pin, rules.lease);
      changes.push({
        kind: 'promoted',
        pinId: pin.id,
        lease: rules.lease,
        reason: { code: 'referenced-often', turns },
      });
      return { id: pin.id, kind: 'leased', target: pin.target, lease, createdAt: pin.createdAt };
    }
    if (pin.kind !== 'leased' || !used || pin.lease.kind !== 'turns') return pin;
    const lease = fresh(pin, pin.lease);
    if (lease.kind !== 'turns' || lease.remaining === pin.lease.remaining) return pin;
    changes.push({
      kind: 'renewed',
      pinId: pin.id,
      remaining: lease.remaining,
      reason: { code: 'referenced' },
    });
    return { ...pin, lease };
  });
  return { pins: next, pinReferences: counts, changes };
}

/**
 * The changes recording leases that ran out: a lease of turns that ran out was, by the renewals above, unused; a
 * cluster lease ends when the conversation leaves its query cluster.
 */
export function lapses(expired: readonly Pin[]): PinChange[] {
  return expired.flatMap((pin): PinChange[] => {
    if (pin.kind !== 'leased') return [];
    if (pin.lease.kind === 'turns')
      return [{ kind: 'lapsed', pinId: pin.id, reason: { code: 'unused', turns: pin.lease.turns } }];
    if (pin.lease.kind === 'cluster')
      return [
        { kind: 'lapsed', pinId: pin.id, reason: { code: 'cluster-left', clusterId: pin.lease.clusterId } },
      ];
    return [];
  });
}
