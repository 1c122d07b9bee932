import type { CatalogItem } from '../catalog/index.js';
import type { Embedder } from '../embeddings/index.js';
import { reportError } from '../errors/index.js';
import type { EmbeddingCache } from '../store-types/index.js';
import { embeddingHash, embeddingText } from './item-text.js';
import { FlatVectorIndex, type VectorIndex } from './vector-index.js';

export interface ItemVectors {
  /** Row i is items[i]'s vector. */
  readonly index: VectorIndex;
  /** How many vectors came from the cache and how many were embedded now. */
  readonly cached: number;
  readonly embedded: number;
}

/** Vectors are embedded in batches of this many texts (a worker round trip each). */
const BATCH = 32;

/**
 * The vectors of `items`, in their order: taken from the cache by model id + content hash, the missing ones
 * embedded in batches and written back, so each item is embedded once per model, across reloads. Texts shared by
 * several items are embedded once.
 */
export async function embedItems(
  items: readonly CatalogItem[],
  embedder: Embedder,
  cache: EmbeddingCache | undefined,
  createIndex: (dimension: number) => VectorIndex = (dimension) =>
    new FlatVectorIndex(dimension, items.length),
): Promise<ItemVectors> {
  const texts = items.map(embeddingText);
  const hashes = texts.map(embeddingHash);
  const unique = [...new Set(hashes)];
  const found = cache ? await cache.getEmbeddings(embedder.modelId, unique) : new Map<string, Float32Array>();
  const cached = found.size;
  const missing = unique.filter((hash) => !found.has(hash));
  const textOf = new Map(hashes.map((hash, i) => [hash, texts[i] as string]));
  const fresh = new Map<string, Float32Array>();
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    const vectors = await embedder.embed(batch.map((hash) => textOf.get(hash) as string));
    if (vectors.length !== batch.length)
      throw new Error(`the embedder returned ${vectors.length} vectors for ${batch.length} texts`);
    batch.forEach((hash, i) => {
      fresh.set(hash, vectors[i] as Float32Array);
      found.set(hash, vectors[i] as Float32Array);
    });
  }
  // A cache that cannot take them (quota) costs a re-embed after a reload, not this selection.
  if (cache && fresh.size > 0) await cache.putEmbeddings(embedder.modelId, fresh).catch(reportError);
  const first = found.get(hashes[0] ?? '');
  const index = createIndex(first?.length ?? 1);
  for (const hash of hashes) index.add(found.get(hash) as Float32Array);
  return { index, cached, embedded: fresh.size };
}
