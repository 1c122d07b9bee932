// The door of `@ctxkit/core/transformers`: the transformers.js embedder. It is a subpath of its own because
// transformers.js is an optional peer: an app that ranks lexically, or brings its own Embedder, never ships it.
export { createTransformersEmbedder, type TransformersEmbedder } from './transformers-embedder.js';
export {
  DEFAULT_EMBEDDING_BATCH_SIZE,
  DEFAULT_EMBEDDING_MODEL,
  type OrtWasmPaths,
  type TransformersEmbedderOptions,
} from './transformers-options.js';
