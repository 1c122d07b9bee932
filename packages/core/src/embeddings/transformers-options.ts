import { type ErrorIssue, ValidationError } from '../errors/index.js';

/** The default model: a small sentence-embedding model (384 dimensions), as converted for transformers.js. */
export const DEFAULT_EMBEDDING_MODEL = 'Xenova/all-MiniLM-L6-v2';
export const DEFAULT_EMBEDDING_BATCH_SIZE = 32;

/** Self-hosted ONNX Runtime wasm files: absolute URLs of `ort-wasm-simd-threaded.asyncify.{mjs,wasm}`. */
export interface OrtWasmPaths {
  readonly mjs: string;
  readonly wasm: string;
}

export interface TransformersEmbedderOptions {
  /** The model's folder name under `modelBaseUrl`, e.g. `Xenova/all-MiniLM-L6-v2` (the default). */
  readonly model?: string;
  /**
   * Where model folders are: a URL (`/models/` resolves against the page; only `http:`/`https:`), or in Node a
   * folder on disk. The model's files are read from `<modelBaseUrl>/<model>/` (`config.json`, `tokenizer.json`,
   * `tokenizer_config.json`, `onnx/model.onnx`). Required: ctxkit never falls back to a model hub or a CDN.
   */
  readonly modelBaseUrl: string;
  /** ONNX Runtime's wasm files on the app's own origin. Required in browsers and workers; unused in Node. */
  readonly wasmPaths?: OrtWasmPaths;
  /** Which weights: `fp32` reads `onnx/model.onnx`, `q8` reads `onnx/model_quantized.onnx`, … Default `fp32`. */
  readonly dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'q4f16' | 'bnb4';
  /** Texts per inference call; larger batches are faster per text and use more memory. Default 32. */
  readonly batchSize?: number;
  /**
   * Where the model runs. `'auto'` (the default): a Web Worker when on a page's main thread, in-process
   * elsewhere (Node, or already inside a worker). `'worker'` and `'in-process'` force one; a function returns the
   * Worker to use (for apps whose bundler or CSP needs to build it themselves, from `embedderWorkerUrl`).
   */
  readonly runIn?: 'auto' | 'worker' | 'in-process' | (() => Worker);
  /** Keep downloaded model files in the browser's Cache API, so a reload does not fetch them again. Default true. */
  readonly cacheModelFiles?: boolean;
}

/** Options resolved to plain data, as sent to the worker. */
export interface TransformersEmbedderConfig {
  readonly model: string;
  /** Absolute URL (with a trailing slash) or, in Node, a folder path (with a trailing separator). */
  readonly modelBaseUrl: string;
  readonly wasmPaths: OrtWasmPaths | undefined;
  readonly dtype: NonNullable<TransformersEmbedderOptions['dtype']>;
  readonly batchSize: number;
  readonly cacheModelFiles: boolean;
}

export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value);

function pageUrl(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.href;
}

/** Resolves a URL against the page (the worker has another base), or keeps a Node folder path. */
function absoluteBase(value: string, issues: ErrorIssue[]): string {
  const withSlash = value.endsWith('/') ? value : `${value}/`;
  if (isHttpUrl(value)) return withSlash;
  const base = pageUrl();
  if (base && !isNode()) {
    const url = new URL(withSlash, base);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    issues.push({ path: 'modelBaseUrl', message: `must be an http(s) URL, got ${url.protocol}` });
    return withSlash;
  }
  if (isNode())
    return value.startsWith('file:') ? decodeURIComponent(new URL(withSlash).pathname) : withSlash;
  issues.push({
    path: 'modelBaseUrl',
    message: 'must be an absolute http(s) URL here (there is no page to resolve it against)',
  });
  return withSlash;
}

export function resolveTransformersOptions(options: TransformersEmbedderOptions): TransformersEmbedderConfig {
  const issues: ErrorIssue[] = [];
  const model = options.model ?? DEFAULT_EMBEDDING_MODEL;
  if (typeof model !== 'string' || model.trim() === '' || model.includes('..') || /^[/\\]|:/.test(model))
    issues.push({ path: 'model', message: 'must be a folder name such as "Xenova/all-MiniLM-L6-v2"' });
  let modelBaseUrl = '';
  if (typeof options.modelBaseUrl !== 'string' || options.modelBaseUrl.trim() === '')
    issues.push({
      path: 'modelBaseUrl',
      message:
        'is required: the origin or folder the model files are served from (never a hub or CDN default)',
    });
  else modelBaseUrl = absoluteBase(options.modelBaseUrl, issues);
  const batchSize = options.batchSize ?? DEFAULT_EMBEDDING_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    issues.push({ path: 'batchSize', message: `must be a positive integer, got ${String(batchSize)}` });
  const wasmPaths = options.wasmPaths;
  if (wasmPaths) {
    for (const key of ['mjs', 'wasm'] as const) {
      const value = wasmPaths[key];
      if (typeof value !== 'string' || !isHttpUrl(value))
        issues.push({
          path: `wasmPaths.${key}`,
          message: 'must be an absolute http(s) URL on the app’s own origin',
        });
    }
  } else if (!isNode()) {
    issues.push({
      path: 'wasmPaths',
      message:
        'is required in the browser: absolute URLs of self-hosted ort-wasm-simd-threaded.asyncify.{mjs,wasm} ' +
        '(ONNX Runtime would otherwise fetch them from a CDN)',
    });
  }
  if (issues.length > 0) throw new ValidationError('Invalid transformers.js embedder options', issues);
  return {
    model,
    modelBaseUrl,
    wasmPaths: wasmPaths ? { mjs: wasmPaths.mjs, wasm: wasmPaths.wasm } : undefined,
    dtype: options.dtype ?? 'fp32',
    batchSize,
    cacheModelFiles: options.cacheModelFiles ?? true,
  };
}

/** The Embedder's `modelId`: model, weights and pooling, so vectors of different settings are never mixed. */
export function transformersModelId(config: TransformersEmbedderConfig): string {
  return `transformers.js:${config.model}:${config.dtype}:mean-normalized`;
}
