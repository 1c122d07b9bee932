import { type Embedder, embedWithCache } from '../embeddings/index.js';
import { hashString } from '../hash/index.js';
import type { EmbeddingCache } from '../store/index.js';
import { cosine } from '../vectors/index.js';

/** Message vectors kept in memory between requests (the store's embedding cache holds them all). */
const VECTORS_KEPT = 4_096;
/** How long recall stays lexical after the embedder fails, before it is tried again. */
const RETRY_AFTER_MS = 60_000;

/**
 * How close in meaning a message is to each recalled passage, with the host's embedder: the passages a lexical search
 * found are weighed by it, so a passage sharing words but not meaning ranks lower. Vectors are kept by content hash in
 * the store's embedding cache (and the newest in memory), so a message is embedded once. When the embedder fails,
 * recall stays lexical for a minute and the failure is reported to the caller.
 */
export class RecallSimilarity {
  readonly #embedder: Embedder;
  readonly #cache: EmbeddingCache;
  readonly #vectors = new Map<string, Float32Array>();
  #failedAt = Number.NEGATIVE_INFINITY;

  constructor(embedder: Embedder, cache: EmbeddingCache) {
    this.#embedder = embedder;
    this.#cache = cache;
  }

  /**
   * The cosine similarity (clamped to 0–1) of `query` to each text, in order; null while the embedder is failing
   * (`onError` hears why).
   */
  async of(
    query: string,
    texts: readonly string[],
    onError: (error: unknown) => void,
  ): Promise<number[] | null> {
    if (texts.length === 0 || Date.now() - this.#failedAt < RETRY_AFTER_MS) return null;
    try {
      const [queryVector, ...vectors] = await this.#vectorsOf([query, ...texts]);
      return vectors.map((vector) =>
        Math.min(1, Math.max(0, cosine(checkedDimension(queryVector, vector), vector))),
      );
    } catch (error) {
      this.#failedAt = Date.now();
      onError(error);
      return null;
    }
  }

  async #vectorsOf(texts: readonly string[]): Promise<Float32Array[]> {
    const hashes = texts.map((text) => hashString(text));
    const kept = this.#vectors;
    // Used now: moved to the newest end, so what leaves when the map is full is what no request used for longest.
    for (const hash of hashes) {
      const vector = kept.get(hash);
      if (!vector) continue;
      kept.delete(hash);
      kept.set(hash, vector);
    }
    const unknown = texts.flatMap((text, i) =>
      kept.has(hashes[i] as string) ? [] : [{ hash: hashes[i] as string, text }],
    );
    const vectors = await embedWithCache(this.#embedder, this.#cache, unknown);
    const fresh = new Map(unknown.map((item, i) => [item.hash, vectors[i] as Float32Array]));
    const found = hashes.map((hash) => kept.get(hash) ?? (fresh.get(hash) as Float32Array));
    for (const [hash, vector] of fresh) {
      kept.set(hash, vector);
      if (kept.size > VECTORS_KEPT) kept.delete(kept.keys().next().value as string);
    }
    return found;
  }
}

/** The query's vector, refusing a passage vector of another dimension (an embedder that changed model, say). */
function checkedDimension(query: Float32Array | undefined, vector: Float32Array): Float32Array {
  if (query?.length !== vector.length)
    throw new Error(`vectors of ${query?.length} and ${vector.length} dimensions`);
  return query;
}

/** The engine's recall similarity: only with `recall.embedder`. */
export function recallSimilarity(
  recall: { readonly embedder?: Embedder } | false | undefined,
  cache: EmbeddingCache,
): RecallSimilarity | undefined {
  return recall ? recall.embedder && new RecallSimilarity(recall.embedder, cache) : undefined;
}
