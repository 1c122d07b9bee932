export { type EmbeddingRequest, embedWithCache } from './embedding-cache.js';
export type { EmbedderEvent, EmbedderStatus } from './events.js';
export type { Embedder } from './types.js';
