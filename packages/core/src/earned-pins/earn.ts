import { type ItemKey, type ItemRef, itemKey } from '../catalog/index.js';
import type { EarnedDismissal, EarnedState, ItemUse, Pin, SessionRecord } from '../session/index.js';
import type { EarnedPinRules } from './rules.js';

/** How many turn ids an earned pin keeps: enough to say why, bounded however long the conversation stays. */
const MAX_TURN_IDS = 5;

const EMPTY: EarnedState = { uses: {}, dismissed: [] };

/** What a committed turn tells the earning: which items its replies called or used, and where the conversation is. */
export interface EarnInput {
  /** The record after the turn's reflection, before its turn count moves on: `turnCount` is this turn's index. */
  readonly record: SessionRecord;
  /** The turn's user message id. */
  readonly turnId: string;
  /** Keys of the catalog items the turn's replies called or used. */
  readonly used: readonly ItemKey[];
  /** The query cluster the turn joined; absent without an embedder. */
  readonly clusterId?: string;
  readonly rules: EarnedPinRules;
  /** The item's reference, for keys the catalog still has enabled. */
  readonly refOf: (key: ItemKey) => ItemRef | undefined;
  readonly newId: () => string;
  readonly now: string;
}

export interface Earned {
  readonly record: SessionRecord;
  /** The pins the turn earned. */
  readonly pins: readonly Pin[];
}

/** Whether a pin is a lease the conversation earned. */
export function isEarned(pin: Pin): pin is Extract<Pin, { kind: 'leased' }> & { earned: object } {
  return pin.kind === 'leased' && pin.earned !== undefined;
}

function pinnedKeys(pins: readonly Pin[]): Set<ItemKey> {
  return new Set(pins.flatMap((pin) => (pin.target.kind === 'item' ? [itemKey(pin.target.ref)] : [])));
}

/** A dismissal lasts while its scope does: its cluster is still the current one, or its turns have not passed. */
function stillDismissed(dismissal: EarnedDismissal, turn: number, clusterId: string | undefined): boolean {
  return dismissal.scope.kind === 'cluster'
    ? dismissal.scope.clusterId === clusterId
    : turn < dismissal.scope.untilTurn;
}

/**
 * The earning after a turn, pure: the turn's uses join the window (older ones leave it), dismissals whose scope
 * ended are forgotten, earned pins used again name the turn, and each item used in `rules.uses` of the window's
 * turns, neither pinned nor dismissed, gets a lease: its query cluster's when the turn has one, else `rules.turns`
 * turns (renewed by each turn that uses it, as any lease of turns is).
 */
export function earnTurn(input: EarnInput): Earned {
  const { record, turnId, rules, clusterId } = input;
  const turn = record.turnCount;
  const state = record.earned ?? EMPTY;
  const used = new Set(input.used);
  const uses: Record<string, ItemUse[]> = {};
  for (const [key, list] of Object.entries(state.uses)) {
    const kept = list.filter((use) => use.turn > turn - rules.window);
    if (kept.length > 0) uses[key] = kept;
  }
  for (const key of used) uses[key] = [...(uses[key] ?? []), { turn, turnId }];
  const dismissed = state.dismissed.filter((entry) => stillDismissed(entry, turn, clusterId));
  const isDismissed = new Set(dismissed.map((entry) => entry.key));

  const pins = record.pins.map((pin): Pin => {
    if (!isEarned(pin) || pin.target.kind !== 'item' || !used.has(itemKey(pin.target.ref))) return pin;
    const turnIds = [...pin.earned.turnIds, turnId].slice(-MAX_TURN_IDS);
    return { ...pin, earned: { turnIds } };
  });
  const pinned = pinnedKeys(pins);
  const earned: Pin[] = [];
  for (const [key, list] of Object.entries(uses)) {
    if (list.length < rules.uses || pinned.has(key) || isDismissed.has(key) || !used.has(key)) continue;
    const ref = input.refOf(key);
    if (!ref) continue;
    earned.push({
      id: input.newId(),
      kind: 'leased',
      target: { kind: 'item', ref },
      lease:
        clusterId !== undefined
          ? { kind: 'cluster', clusterId }
          : { kind: 'turns', turns: rules.turns, remaining: rules.turns },
      createdAt: input.now,
      earned: { turnIds: list.map((use) => use.turnId).slice(-MAX_TURN_IDS) },
    });
  }
  const empty = Object.keys(uses).length === 0 && dismissed.length === 0;
  const { earned: _old, ...rest } = record;
  return {
    record: {
      ...rest,
      pins: [...pins, ...earned],
      ...(!empty && { earned: { uses, dismissed } }),
    },
    pins: earned,
  };
}

/**
 * The record with an earned pin removed by the user: the item is not earned again while the pin's scope lasts (its
 * query cluster, or the turns its lease had), and its uses so far are forgotten.
 */
export function withDismissed(record: SessionRecord, pin: Pin): SessionRecord {
  if (!isEarned(pin) || pin.target.kind !== 'item') return record;
  const key = itemKey(pin.target.ref);
  const scope: EarnedDismissal['scope'] =
    pin.lease.kind === 'cluster'
      ? { kind: 'cluster', clusterId: pin.lease.clusterId }
      : { kind: 'turns', untilTurn: record.turnCount + (pin.lease.kind === 'turns' ? pin.lease.turns : 1) };
  const state = record.earned ?? EMPTY;
  const { [key]: _forgotten, ...uses } = state.uses;
  const dismissed = [...state.dismissed.filter((entry) => entry.key !== key), { key, scope }];
  return { ...record, earned: { uses, dismissed } };
}
