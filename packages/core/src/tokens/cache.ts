import type { TokenCounter } from './counter.js';

export interface CachedTokenCounter extends TokenCounter {
  /** Hits and misses since creation: a new turn should miss only on its new text. */
  readonly stats: { readonly hits: number; readonly misses: number; readonly size: number };
}

/**
 * Wraps a counter with a least-recently-used cache keyed by the text itself, so history, rules and tool
 * definitions are tokenized once and a new turn costs only its new text. Strings shorter than `minLength`
 * are counted directly: caching them costs more than counting them.
 */
export function withTokenCache(
  counter: TokenCounter,
  { maxEntries = 20_000, minLength = 16 }: { maxEntries?: number; minLength?: number } = {},
): CachedTokenCounter {
  const cache = new Map<string, number>();
  let hits = 0;
  let misses = 0;
  return {
    encoding: counter.encoding,
    get stats() {
      return { hits, misses, size: cache.size };
    },
    count(text) {
      if (text.length < minLength) return counter.count(text);
      const known = cache.get(text);
      if (known !== undefined) {
        hits++;
        // Re-insert to mark as most recently used; Map keeps insertion order.
        cache.delete(text);
        cache.set(text, known);
        return known;
      }
      misses++;
      const tokens = counter.count(text);
      cache.set(text, tokens);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return tokens;
    },
  };
}
