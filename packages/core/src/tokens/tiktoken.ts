import type { TokenCounter } from './counter.js';

export type TiktokenEncodingName = 'o200k_base' | 'cl100k_base';

interface EncoderModule {
  readonly default: { pat_str: string; special_tokens: Record<string, number>; bpe_ranks: string };
}

// Each rank file is several MB: import it only when that encoding is asked for, so bundles stay small.
const RANK_LOADERS: Record<TiktokenEncodingName, () => Promise<EncoderModule>> = {
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
};

const loaded = new Map<TiktokenEncodingName, Promise<TokenCounter>>();

/**
 * Loads a js-tiktoken encoding (o200k_base for GPT-4o and later, cl100k_base for GPT-4 and GPT-3.5) and returns
 * its counter. Ranks are loaded once per encoding and shared. Text that looks like a special token
 * (`<|endoftext|>`) is counted as ordinary text: it is user data, never a control token.
 */
export function loadTiktokenCounter(encoding: TiktokenEncodingName = 'o200k_base'): Promise<TokenCounter> {
  const load = RANK_LOADERS[encoding];
  if (!load) return Promise.reject(new RangeError(`Unknown tiktoken encoding '${String(encoding)}'`));
  let counter = loaded.get(encoding);
  if (!counter) {
    counter = Promise.all([import('js-tiktoken/lite'), load()]).then(([{ Tiktoken }, ranks]) => {
      const tokenizer = new Tiktoken(ranks.default);
      return { encoding, count: (text: string) => (text === '' ? 0 : tokenizer.encode(text, [], []).length) };
    });
    counter.catch(() => loaded.delete(encoding));
    loaded.set(encoding, counter);
  }
  return counter;
}
