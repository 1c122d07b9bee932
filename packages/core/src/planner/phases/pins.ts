import type { ItemCandidate, TurnCandidate } from '../types.js';
import { costOf, exclude, type PinCandidate, type PlanState, take } from './state.js';

/** The pin that holds a candidate, and its kind. */
type PinHold = NonNullable<TurnCandidate['pinned']> & { readonly earned?: true };

/** Which pin holds a pin candidate; the input check has made sure every one says. */
export function pinOf(candidate: PinCandidate): PinHold {
  if (candidate.kind === 'card') return { pin: candidate.pin, pinId: candidate.pinId };
  if (candidate.kind === 'turn') return candidate.pinned as PinHold;
  const { origin } = candidate as ItemCandidate & { origin: { via: 'pin' } };
  return { pin: origin.pin, pinId: origin.pinId, ...(origin.earned && { earned: origin.earned }) };
}

/** Phase 2: leased pins, then ephemeral ones, while they fit. */
export function optionalPins(state: PlanState): void {
  const byPinStrength = [...state.optionalPins].sort(
    (a, b) => (pinOf(a).pin === 'leased' ? 0 : 1) - (pinOf(b).pin === 'leased' ? 0 : 1),
  );
  for (const candidate of byPinStrength) {
    if (costOf(state, candidate) <= state.remaining)
      take(state, candidate, { code: 'pinned', ...pinOf(candidate) });
    else {
      exclude(state, candidate, {
        code: 'budget',
        needed: costOf(state, candidate),
        remaining: state.remaining,
      });
      if (candidate.kind === 'turn' && candidate.turnIndex > (state.droppedPinnedTurn?.turnIndex ?? -1)) {
        state.droppedPinnedTurn = candidate;
      }
    }
  }
}
