export type { Embedder } from './types.js';
