import { createHybridSelector, type HybridSelector, type HybridSelectorOptions } from './hybrid-selector.js';
import { checkSelectorOptions } from './input.js';

export type LexicalSelector = HybridSelector;

/**
 * The selector without an embedder: BM25 over the agent items (name weighted above description and content), with
 * triggers, carry-over and activity. Learning from use is on and kept in memory unless a store is given.
 */
export function createLexicalSelector(
  options: Omit<HybridSelectorOptions, 'embedder'> = {},
): LexicalSelector {
  // Checked before the spread, which would turn a malformed value (null, a string) into options silently.
  checkSelectorOptions(options);
  return createHybridSelector({ name: 'lexical-bm25', ...options });
}
