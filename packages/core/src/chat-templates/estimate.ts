import type { TokenCounter } from '../tokens/index.js';
import type { TokenEstimate } from './types.js';

/**
 * A counter for a model whose tokenizer is not public: the base encoding's count × the estimate's ratio, rounded up
 * per text, so the estimate never falls below the ratio. Its name says both, e.g. `o200k_base×1.25`.
 */
export function estimateCounter(base: TokenCounter, estimate: TokenEstimate): TokenCounter {
  const { ratio } = estimate;
  return {
    encoding: `${base.encoding}×${ratio}`,
    count: (text) => Math.ceil(base.count(text) * ratio),
  };
}
