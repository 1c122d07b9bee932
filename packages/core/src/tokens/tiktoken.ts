import { ValidationError } from '../errors/index.js';
import type { BpeRanks } from './bpe.js';
import type { TokenCounter } from './counter.js';
import { encoderModule } from './lazy.js';
import { joinRankParts } from './rank-parts.js';

export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

// Each rank file is 1 to 2.3 MB: import it only when that encoding is asked for, so bundles stay small. The
// package's build replaces each one-element list below by the imports of the same ranks cut in parts, modules under
// 500 kB each (`rankParts` in vite.config.ts), so an app's bundler makes no chunk over its size warning.
const RANK_LOADERS: Record<TiktokenEncodingName, () => Promise<BpeRanks>> = {
  o200k_base: () => joinRankParts([import('js-tiktoken/ranks/o200k_base')]),
  cl100k_base: () => joinRankParts([import('js-tiktoken/ranks/cl100k_base')]),
};

/** An encoding's ranks, imported on first use (for counters built on the same vocabulary, e.g. gpt-oss's). */
export function loadTiktokenRanks(encoding: TiktokenEncodingName): Promise<BpeRanks> {
  return RANK_LOADERS[encoding]();
}

const loaded = new Map<TiktokenEncodingName, Promise<TokenCounter>>();

/**
 * Loads a js-tiktoken encoding (o200k_base for GPT-4o and later, cl100k_base for GPT-4 and GPT-3.5) and returns
 * its counter. Ranks are loaded once per encoding and shared. Text that looks like a special token
 * (`<|endoftext|>`) is counted as ordinary text: it is user data, never a control token.
 */
export function loadTiktokenCounter(encoding: TiktokenEncodingName = 'o200k_base'): Promise<TokenCounter> {
  const load = RANK_LOADERS[encoding];
  if (!load)
    return Promise.reject(
      new ValidationError('Invalid tokenizer', [
        {
          path: 'encoding',
          message: `Unknown tiktoken encoding '${String(encoding)}' (expected 'o200k_base' or 'cl100k_base')`,
        },
      ]),
    );
  let counter = loaded.get(encoding);
  if (!counter) {
    counter = Promise.all([load(), encoderModule()]).then(([ranks, { rankCounter }]) => ({
      encoding,
      count: rankCounter(ranks),
    }));
    counter.catch(() => loaded.delete(encoding));
    loaded.set(encoding, counter);
  }
  return counter;
}
