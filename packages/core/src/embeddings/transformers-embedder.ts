import { EmbedderLoadError, type ErrorIssue, ValidationError } from '../errors/index.js';
import type { ModelBackend } from './backends.js';
import type { EmbedderEvent, EmbedderStatus } from './events.js';
import {
  isNode,
  resolveTransformersOptions,
  type TransformersEmbedderConfig,
  type TransformersEmbedderOptions,
  transformersModelId,
} from './transformers-options.js';
import type { Embedder } from './types.js';
import { startEmbedderWorker } from './worker-start.js';

/** An Embedder backed by transformers.js, with the state a UI shows while the model loads. */
export interface TransformersEmbedder extends Embedder {
  readonly modelId: string;
  /** The model's folder name, e.g. `Xenova/all-MiniLM-L6-v2`. */
  readonly model: string;
  readonly status: EmbedderStatus;
  /** Length of the vectors, once ready. */
  readonly dimensions: number | undefined;
  /** The error that made it `failed`. */
  readonly error: EmbedderLoadError | undefined;
  readonly runsIn: 'worker' | 'in-process';
  /**
   * Starts loading (once; `embed` calls it too). Resolves when ready; rejects with an EmbedderLoadError when the
   * model cannot be loaded. A failed embedder stays failed: create a new one to try again.
   */
  load(): Promise<void>;
  /** Hears every event from now on; returns the unsubscribe function. Read `status` for the state so far. */
  subscribe(listener: (event: EmbedderEvent) => void): () => void;
  embed(texts: readonly string[], options?: { readonly signal?: AbortSignal }): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

type Backends = typeof import('./backends.js');

/**
 * A backend whose code is imported on first load (a lazy chunk in a bundle): an app that never loads a model does
 * not ship it. Where it runs is known at once.
 */
function lazyBackend(
  config: TransformersEmbedderConfig,
  runsIn: ModelBackend['runsIn'],
  create: (backends: Backends) => ModelBackend,
): ModelBackend {
  let backend: ModelBackend | undefined;
  let disposed = false;
  return {
    runsIn,
    async load(onEvent) {
      const backends = await import('./backends.js');
      if (disposed)
        throw new EmbedderLoadError(config.model, 'disposed', 'the embedder was disposed while loading');
      backend = create(backends);
      return backend.load(onEvent);
    },
    embed(texts) {
      if (!backend)
        return Promise.reject(new EmbedderLoadError(config.model, 'runtime', 'embed before load'));
      return backend.embed(texts);
    },
    async dispose() {
      disposed = true;
      await backend?.dispose();
    },
  };
}

function chooseBackend(
  config: TransformersEmbedderConfig,
  runIn: TransformersEmbedderOptions['runIn'],
): ModelBackend {
  if (typeof runIn === 'function')
    return lazyBackend(config, 'worker', (backends) => backends.workerBackend(config, runIn));
  const onPageMainThread = !isNode() && typeof window !== 'undefined' && typeof Worker === 'function';
  if (runIn === 'worker' || (runIn !== 'in-process' && onPageMainThread))
    return lazyBackend(config, 'worker', (backends) => backends.workerBackend(config, startEmbedderWorker));
  return lazyBackend(config, 'in-process', (backends) => backends.inProcessBackend(config));
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The embedding was aborted.', 'AbortError');
}

class TransformersEmbedderImpl implements TransformersEmbedder {
  readonly modelId: string;
  readonly model: string;
  readonly runsIn: 'worker' | 'in-process';
  #status: EmbedderStatus = 'idle';
  #dimensions: number | undefined;
  #error: EmbedderLoadError | undefined;
  #loading: Promise<void> | undefined;
  readonly #listeners = new Set<(event: EmbedderEvent) => void>();
  readonly #backend: ModelBackend;
  /** Rejects embeds still running when the embedder is disposed. */
  readonly #running = new Set<(error: EmbedderLoadError) => void>();

  constructor(config: TransformersEmbedderConfig, backend: ModelBackend) {
    this.modelId = transformersModelId(config);
    this.model = config.model;
    this.#backend = backend;
    this.runsIn = backend.runsIn;
  }

  get status(): EmbedderStatus {
    return this.#status;
  }

  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  get error(): EmbedderLoadError | undefined {
    return this.#error;
  }

  subscribe(listener: (event: EmbedderEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  #emit(event: EmbedderEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        // A listener's failure must not stop loading or the other listeners.
        globalThis.reportError?.(error);
      }
    }
  }

  #disposedError(): EmbedderLoadError {
    return new EmbedderLoadError(this.model, 'disposed', 'the embedder was disposed');
  }

  load(): Promise<void> {
    if (this.#status === 'disposed') return Promise.reject(this.#disposedError());
    this.#loading ??= this.#load();
    return this.#loading;
  }

  async #load(): Promise<void> {
    this.#status = 'loading';
    const started = performance.now();
    try {
      const { dimensions } = await this.#backend.load((event) => {
        if (this.#status === 'loading') this.#emit(event);
      });
      if (this.#status !== 'loading') throw this.#disposedError();
      this.#dimensions = dimensions;
      this.#status = 'ready';
      this.#emit({ type: 'ready', dimensions, loadMs: performance.now() - started });
    } catch (caught) {
      const error =
        caught instanceof EmbedderLoadError
          ? caught
          : new EmbedderLoadError(this.model, 'runtime', String(caught), { cause: caught });
      if (this.#status === 'loading') {
        this.#status = 'failed';
        this.#error = error;
        this.#emit({ type: 'failed', error });
        await this.#backend.dispose().catch(() => undefined);
      }
      throw error;
    }
  }

  async embed(
    texts: readonly string[],
    options?: { readonly signal?: AbortSignal },
  ): Promise<Float32Array[]> {
    const issues: ErrorIssue[] = Array.isArray(texts)
      ? texts.flatMap((text, index) =>
          typeof text === 'string'
            ? []
            : [{ path: `texts[${index}]`, message: `must be a string, got ${typeof text}` }],
        )
      : [{ path: 'texts', message: 'must be an array of strings' }];
    if (issues.length > 0) throw new ValidationError('Invalid texts to embed', issues);
    const signal = options?.signal;
    if (signal?.aborted) throw abortError(signal);
    await this.load();
    if (signal?.aborted) throw abortError(signal);
    if (texts.length === 0) return [];
    return new Promise<Float32Array[]>((resolve, reject) => {
      const fail = (error: unknown) => {
        this.#running.delete(fail);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => fail(abortError(signal as AbortSignal));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#running.add(fail);
      this.#backend.embed([...texts]).then(
        (vectors) => {
          this.#running.delete(fail);
          signal?.removeEventListener('abort', onAbort);
          resolve(vectors);
        },
        (error: unknown) => {
          this.#failedAfterReady(error);
          fail(error);
        },
      );
    });
  }

  /** A worker that dies after the model was ready takes the embedder with it: the UI sees `failed`. */
  #failedAfterReady(error: unknown): void {
    if (this.#status !== 'ready' || !(error instanceof EmbedderLoadError) || error.failure !== 'worker')
      return;
    this.#status = 'failed';
    this.#error = error;
    this.#emit({ type: 'failed', error });
  }

  async dispose(): Promise<void> {
    if (this.#status === 'disposed') return;
    this.#status = 'disposed';
    const error = this.#disposedError();
    for (const fail of [...this.#running]) fail(error);
    await this.#backend.dispose().catch(() => undefined);
    this.#emit({ type: 'disposed' });
    this.#listeners.clear();
  }
}

/**
 * Creates an embedder that runs a sentence-embedding model with transformers.js: mean pooling, L2-normalized,
 * batched. Nothing loads until `load()` or the first `embed()`. Model files come only from `modelBaseUrl`, and in
 * the browser ONNX Runtime's wasm only from `wasmPaths`; `@huggingface/transformers` is imported on first load.
 */
export function createTransformersEmbedder(options: TransformersEmbedderOptions): TransformersEmbedder {
  const config = resolveTransformersOptions(options);
  return new TransformersEmbedderImpl(config, chooseBackend(config, options.runIn));
}
