import { ValidationError } from '../errors/index.js';
import type { BpeRanks } from './bpe.js';
import type { TokenCounter } from './counter.js';
import { bpeModule } from './lazy.js';
import { joinRankParts } from './rank-parts.js';

export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

// Each rank file is 1 to 2.3 MB: import it only when that encoding is asked for, so bundles stay small. The
// package's build replaces each one-element list below by the imports of the same ranks cut in parts, modules under
// 500 kB each (`rankParts` in vite.config.ts), so an app's bundler makes no chunk over its size warning.
const RANK_LOADERS: Record<TiktokenEncodingName, () => Promise<BpeRanks>> = {
  o200k_base: () => joinRankParts([import('js-tiktoken/ranks/o200k_base')]),
  cl100k_base: () => joinRankParts([import('js-tiktoken/ranks/cl100k_base')]),
};

/**
 * BPE merging costs the square of a piece's length, and a run without whitespace (a base64 blob, a divider line,
 * a long hash) is one piece: 20,000 such characters would take most of a minute. Runs longer than this are
 * counted in pieces of this size: the cost becomes linear, and the count is high by at most one token a piece.
 */
export const MAX_RUN = 64;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, 'g');

/** Counts `text` with `encode`, cutting long runs into pieces of at most MAX_RUN code units. */
export function countInPieces(text: string, encode: (piece: string) => number): number {
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    total += encode(text.slice(last, match.index));
    const run = match[0];
    for (let start = 0; start < run.length; ) {
      let end = Math.min(start + MAX_RUN, run.length);
      // Never cut between the halves of a surrogate pair.
      if (end < run.length && /[\uD800-\uDBFF]/.test(run.charAt(end - 1))) end -= 1;
      total += encode(run.slice(start, end));
      start = end;
    }
    last = match.index + run.length;
  }
  return total + encode(text.slice(last));
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
    counter = Promise.all([load(), bpeModule()]).then(([ranks, { createBpeCount }]) => {
      const encode = createBpeCount(ranks);
      return { encoding, count: (text: string) => countInPieces(text, encode) };
    });
    counter.catch(() => loaded.delete(encoding));
    loaded.set(encoding, counter);
  }
  return counter;
}
