import { exclude, type PlanState, take } from './state.js';

/** The share of the budget memories may take when the input does not say. */
export const DEFAULT_MEMORY_SHARE = 0.1;

/**
 * Memories from other conversations, best first, within their share of the budget. They come after every agent
 * item, so retrieval decides the same with or without them.
 */
export function memorySelection(state: PlanState): () => void {
  const { input } = state;
  const memoryCap = Math.floor(state.available * (input.memoryShare ?? DEFAULT_MEMORY_SHARE));
  let memoryTokens = 0;
  return () => {
    for (const candidate of input.memory ?? []) {
      if (memoryTokens + candidate.tokens > memoryCap)
        exclude(state, candidate, { code: 'memory-share', cap: memoryCap });
      else if (candidate.tokens > state.remaining)
        exclude(state, candidate, { code: 'budget', needed: candidate.tokens, remaining: state.remaining });
      else {
        take(state, candidate, { code: 'memory', memoryId: candidate.memoryId, source: candidate.source });
        memoryTokens += candidate.tokens;
      }
    }
  };
}
