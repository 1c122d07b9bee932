import type { EmbedderLoadError } from '../errors/index.js';

/** Where an embedder is in its life: created, fetching and starting the model, usable, unusable, or freed. */
export type EmbedderStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'disposed';

/**
 * What a UI can show while a model loads. Per file: one or more `loading` events (progress 0 to 100, never
 * decreasing), then `loaded`. Files load in parallel, so events of different files interleave. Then exactly one
 * of `ready` or `failed`; `disposed` when the embedder is freed.
 */
export type EmbedderEvent =
  | {
      readonly type: 'loading';
      /** Path of the file inside the model's folder, e.g. `onnx/model.onnx`. */
      readonly file: string;
      /** 0 to 100. */
      readonly progress: number;
      readonly loadedBytes: number;
      /** Unknown until the server says (no content-length). */
      readonly totalBytes: number | undefined;
    }
  | { readonly type: 'loaded'; readonly file: string }
  | {
      readonly type: 'ready';
      /** Length of every vector the model returns. */
      readonly dimensions: number;
      /** From the start of loading to ready, in milliseconds. */
      readonly loadMs: number;
    }
  | { readonly type: 'failed'; readonly error: EmbedderLoadError }
  | { readonly type: 'disposed' };

/** The events a loading model reports before it is ready; the embedder adds `ready`, `failed` and `disposed`. */
export type ModelLoadEvent = Extract<EmbedderEvent, { type: 'loading' | 'loaded' }>;
