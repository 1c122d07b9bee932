import { type HistoryEntry, timeOf } from '../history-plan.js';
import { exclude, type PlanState, take } from './state.js';

/** The history chooser: newest first, one contiguous run that ends at the first turn left out. */
export interface HistorySelection {
  /** The most history may take: the policy's share of the budget, else no cap. */
  readonly cap: number;
  readonly consider: (entry: HistoryEntry) => void;
  /** The tokens of history included so far. */
  readonly tokens: () => number;
}

/** `newest` is the index of the newest committed turn, pinned or not: age counts from it. */
export function historySelection(state: PlanState, newest: number): HistorySelection {
  const policy = state.input.historyPolicy;
  const cap = policy ? Math.floor(state.available * policy.maxShare) : Number.POSITIVE_INFINITY;
  let historyTokens = 0;
  let cutoff: string | null = null;
  const consider = ({ candidate, importance }: HistoryEntry) => {
    const dropped = state.droppedPinnedTurn;
    if (cutoff === null && dropped && timeOf(candidate) < dropped.turnIndex) cutoff = dropped.id;
    if (cutoff !== null) exclude(state, candidate, { code: 'history-cutoff', after: cutoff });
    else if (policy && historyTokens + candidate.tokens > cap) {
      exclude(state, candidate, {
        code: 'history-share',
        cap,
        summarizer: policy.summarizer,
        ...(importance && { importance }),
      });
      cutoff = candidate.id;
    } else if (candidate.tokens > state.remaining) {
      exclude(state, candidate, { code: 'budget', needed: candidate.tokens, remaining: state.remaining });
      cutoff = candidate.id;
    } else {
      historyTokens += candidate.tokens;
      take(
        state,
        candidate,
        candidate.kind === 'checkpoint'
          ? {
              code: 'checkpoint',
              checkpointId: candidate.checkpointId,
              fromTurn: candidate.fromTurn,
              toTurn: candidate.toTurn,
            }
          : {
              code: 'history',
              age: newest - candidate.turnIndex,
              ...(importance && { importance }),
            },
      );
    }
  };
  return { cap, consider, tokens: () => historyTokens };
}
