/**
 * Turns texts into vectors for retrieval. Implementations: transformers.js (in a worker in the browser,
 * in-process in Node), or anything the host brings.
 */
export interface Embedder {
  /** Identifies the model and its settings, so vectors of different models are never compared or cached together. */
  readonly modelId: string;
  /** Embeds texts into L2-normalized vectors, one per text, in the order given. */
  embed(texts: readonly string[], options?: { readonly signal?: AbortSignal }): Promise<Float32Array[]>;
  /** Frees the model (and its worker); later calls to `embed` fail. */
  dispose?(): Promise<void>;
}
