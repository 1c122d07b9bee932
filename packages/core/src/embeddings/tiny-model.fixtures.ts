// A real transformers.js embedder on the tiny model `scripts/make-tiny-model.ts` writes (regenerated before every
// test run by vitest.tiny-model-setup.ts). In Node it reads the files from disk and runs in-process on
// onnxruntime-node; in Chromium it fetches them from Vitest's server and runs in a Web Worker on onnxruntime-web,
// whose wasm files the same server hosts.
import { inject } from 'vitest';
import { createTransformersEmbedder, type TransformersEmbedder } from './transformers-embedder.js';
import type { OrtWasmPaths, TransformersEmbedderOptions } from './transformers-options.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** Server path of the installed onnxruntime-web's dist folder (browser project only). */
    ortWasmDir: string;
  }
}

export const TINY_MODEL = 'ctxkit/tiny-embedder';

/** The models folder: a path in Node, a URL on the test server in the browser. */
export function tinyModelBaseUrl(): string {
  // Vite rewrites this URL in the browser, and drops the folder's trailing slash.
  const url = new URL('../../generated/models/', import.meta.url);
  const base = url.protocol === 'file:' ? decodeURIComponent(url.pathname) : url.href;
  return base.endsWith('/') ? base : `${base}/`;
}

export const runsInBrowser = (): boolean => typeof window !== 'undefined';

/** ONNX Runtime's wasm files, self-hosted by the test server (undefined in Node, which uses onnxruntime-node). */
export function tinyWasmPaths(): OrtWasmPaths | undefined {
  if (!runsInBrowser()) return undefined;
  const base = new URL(`${inject('ortWasmDir')}/`, location.origin).href;
  return {
    mjs: `${base}ort-wasm-simd-threaded.asyncify.mjs`,
    wasm: `${base}ort-wasm-simd-threaded.asyncify.wasm`,
  };
}

/** Options for the tiny model; the browser's model-file cache is off so every test loads from the server. */
export function tinyEmbedderOptions(
  overrides: Partial<TransformersEmbedderOptions> = {},
): TransformersEmbedderOptions {
  const wasmPaths = tinyWasmPaths();
  return {
    model: TINY_MODEL,
    modelBaseUrl: tinyModelBaseUrl(),
    ...(wasmPaths && { wasmPaths }),
    cacheModelFiles: false,
    ...overrides,
  };
}

/** A real transformers.js embedder on the tiny model; dispose it after use. */
export function tinyEmbedder(overrides: Partial<TransformersEmbedderOptions> = {}): TransformersEmbedder {
  return createTransformersEmbedder(tinyEmbedderOptions(overrides));
}

/** Cosine similarity of two normalized vectors. */
export function similarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
