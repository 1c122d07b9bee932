import type { ContextMode, ModeSetting } from '../session/index.js';
import type { ModeLimits } from './types.js';

/**
 * Off never retrieves. Light (the default) sends compact cards of more candidates: the best three with a line of at
 * most `cardTokens` tokens, the next ones by name only, and the model asks for the one it needs in full
 * (`expand_card`). Heavy sends full bodies with their examples of use, more of them, and lets them take a larger
 * share of the window. Light's number of cards was chosen on the first half of MetaTool's dev queries and is
 * reported on the second (docs/modes.md).
 */
export const DEFAULT_MODE_LIMITS: Readonly<Record<ContextMode, ModeLimits>> = Object.freeze({
  off: Object.freeze({ topK: 0, minScore: 1, maxShare: 0 }),
  light: Object.freeze({
    topK: 12,
    minScore: 0,
    maxShare: 0.15,
    shape: 'cards',
    cardTokens: 8,
    describedCards: 3,
  }),
  heavy: Object.freeze({ topK: 8, minScore: 0.15, maxShare: 0.4, shape: 'full', examples: true }),
});

export const DEFAULT_CONTEXT_MODE: ContextMode = 'light';

/** The next setting in the Auto → Off → Light → Heavy → Auto cycle (what the budget meter's hotkey does). */
export function nextContextMode(mode: ModeSetting): ModeSetting {
  return mode === 'auto' ? 'off' : mode === 'off' ? 'light' : mode === 'light' ? 'heavy' : 'auto';
}
