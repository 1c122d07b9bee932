import type { EmbeddingCache } from '../store-types/index.js';
import type { Embedder } from './types.js';

/** A text to embed, named by the hash of its content (the cache key, with the embedder's model id). */
export interface EmbeddingRequest {
  readonly hash: string;
  readonly text: string;
}

/**
 * Vectors for `items`, in their order: those the cache holds for `embedder.modelId` are read, the others embedded
 * (each distinct hash once, in one `embed` call, so the embedder batches them) and written back. Catalog items are
 * therefore embedded once per model, across reloads. Vectors from the cache are shared: do not change them.
 */
export async function embedWithCache(
  embedder: Embedder,
  cache: EmbeddingCache,
  items: readonly EmbeddingRequest[],
  options?: { readonly signal?: AbortSignal },
): Promise<Float32Array[]> {
  if (items.length === 0) return [];
  const hashes = [...new Set(items.map((item) => item.hash))];
  const found = await cache.getEmbeddings(embedder.modelId, hashes);
  const missing = new Map<string, string>();
  for (const item of items)
    if (!found.has(item.hash) && !missing.has(item.hash)) missing.set(item.hash, item.text);
  if (missing.size > 0) {
    const vectors = await embedder.embed([...missing.values()], options);
    if (vectors.length !== missing.size)
      throw new Error(`${embedder.modelId} returned ${vectors.length} vectors for ${missing.size} texts`);
    const computed = new Map<string, Float32Array>();
    let index = 0;
    for (const hash of missing.keys()) computed.set(hash, vectors[index++] as Float32Array);
    await cache.putEmbeddings(embedder.modelId, computed);
    for (const [hash, vector] of computed) found.set(hash, vector);
  }
  return items.map((item) => found.get(item.hash) as Float32Array);
}
