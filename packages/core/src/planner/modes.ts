import type { ContextMode } from '../session/index.js';
import type { ModeLimits } from './types.js';

/**
 * Off never retrieves; Light (the default) adds a few strong matches cheaply; Heavy adds more, weaker matches
 * and lets them take a larger share of the window.
 */
export const DEFAULT_MODE_LIMITS: Readonly<Record<ContextMode, ModeLimits>> = Object.freeze({
  off: Object.freeze({ topK: 0, minScore: 1, maxShare: 0 }),
  light: Object.freeze({ topK: 3, minScore: 0.3, maxShare: 0.15 }),
  heavy: Object.freeze({ topK: 8, minScore: 0.15, maxShare: 0.4 }),
});

export const DEFAULT_CONTEXT_MODE: ContextMode = 'light';

/** The next mode in the Off → Light → Heavy → Off cycle (what the budget meter's hotkey does). */
export function nextContextMode(mode: ContextMode): ContextMode {
  return mode === 'off' ? 'light' : mode === 'light' ? 'heavy' : 'off';
}
