export { type EmbeddingRequest, embedWithCache } from './embedding-cache.js';
export type { EmbedderEvent, EmbedderStatus } from './events.js';
export { createTransformersEmbedder, type TransformersEmbedder } from './transformers-embedder.js';
export {
  DEFAULT_EMBEDDING_BATCH_SIZE,
  DEFAULT_EMBEDDING_MODEL,
  type OrtWasmPaths,
  type TransformersEmbedderOptions,
} from './transformers-options.js';
export type { Embedder } from './types.js';
