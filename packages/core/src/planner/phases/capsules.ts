import { itemKey } from '../../catalog/index.js';
import type { CapsuleUnusedBecause, ExclusionReason } from '../types.js';
import { exclude, type PlanState, take } from './state.js';

/**
 * Phase 5, last: a summary stands in for a reference left out for room, in what room is left, so it never
 * displaces anything the plan would otherwise send.
 */
export function capsules(state: PlanState): void {
  const reasonOf = new Map<string, ExclusionReason>();
  for (const entry of state.excluded) reasonOf.set(entry.candidate.id, entry.reason);
  for (const capsule of state.input.capsules ?? []) {
    const id = itemKey(capsule.ref);
    const why = reasonOf.get(id)?.code;
    if (capsule.stale) exclude(state, capsule, { code: 'capsule-stale' });
    else if (why !== 'budget' && why !== 'agent-share' && why !== 'mode-limit')
      exclude(state, capsule, {
        code: 'capsule-unused',
        reference: state.taken.has(id) ? 'included' : ((why ?? 'absent') as CapsuleUnusedBecause),
      });
    else if (capsule.tokens > state.remaining)
      exclude(state, capsule, { code: 'budget', needed: capsule.tokens, remaining: state.remaining });
    else take(state, capsule, { code: 'capsule', for: id, instead: why });
  }
}
