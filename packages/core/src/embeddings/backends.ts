import { EmbedderLoadError } from '../errors/index.js';
import type { ModelLoadEvent } from './events.js';
import { openModelCacheInPage } from './model-cache.js';
import type { TransformersEmbedderConfig } from './transformers-options.js';
import type { LoadedModel } from './transformers-runtime.js';
import { type FromWorker, fromWire, type ToWorker } from './worker-protocol.js';

/** Where a model runs: in this thread, or in a worker. Errors are EmbedderLoadErrors. */
export interface ModelBackend {
  readonly runsIn: 'worker' | 'in-process';
  load(onEvent: (event: ModelLoadEvent) => void): Promise<{ readonly dimensions: number }>;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

export function inProcessBackend(config: TransformersEmbedderConfig): ModelBackend {
  let model: LoadedModel | undefined;
  let disposed = false;
  return {
    runsIn: 'in-process',
    async load(onEvent) {
      const { loadTransformersModel } = await import('./transformers-runtime.js');
      const loaded = await loadTransformersModel(config, onEvent);
      if (disposed) {
        await loaded.dispose();
        throw new EmbedderLoadError(config.model, 'disposed', 'the embedder was disposed while loading');
      }
      model = loaded;
      return { dimensions: loaded.dimensions };
    },
    embed(texts) {
      if (!model) return Promise.reject(new EmbedderLoadError(config.model, 'runtime', 'embed before load'));
      return model.embed(texts);
    },
    async dispose() {
      disposed = true;
      await model?.dispose();
      model = undefined;
    },
  };
}

export function workerBackend(config: TransformersEmbedderConfig, createWorker: () => Worker): ModelBackend {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (vectors: Float32Array[]) => void; reject: (error: unknown) => void }
  >();
  let onLoaded: ((dimensions: number) => void) | undefined;
  let onFailed: ((error: EmbedderLoadError) => void) | undefined;
  let onDisposed: (() => void) | undefined;

  /** Set once the worker died or was disposed: later embeds fail at once with it. */
  let broken: EmbedderLoadError | undefined;

  const failEverything = (error: EmbedderLoadError) => {
    broken ??= error;
    onFailed?.(error);
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };

  const send = (message: ToWorker) => worker?.postMessage(message);

  return {
    runsIn: 'worker',
    load(onEvent) {
      return new Promise((resolve, reject) => {
        try {
          worker = createWorker();
        } catch (error) {
          reject(
            new EmbedderLoadError(
              config.model,
              'worker',
              `the embedder's Web Worker could not start: ${String(error)}`,
              {
                cause: error,
              },
            ),
          );
          return;
        }
        onLoaded = (dimensions) => resolve({ dimensions });
        onFailed = reject;
        worker.onmessage = ({ data: message }: MessageEvent<FromWorker>) => {
          if (message.type === 'event') onEvent(message.event);
          else if (message.type === 'loaded') onLoaded?.(message.dimensions);
          else if (message.type === 'load-failed') failEverything(fromWire(message.error));
          else if (message.type === 'disposed') onDisposed?.();
          else if (message.type === 'requests') return;
          else {
            const request = pending.get(message.id);
            pending.delete(message.id);
            if (message.type === 'embedded') request?.resolve(message.vectors);
            else request?.reject(fromWire(message.error));
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          failEverything(
            new EmbedderLoadError(
              config.model,
              'worker',
              `the embedder's Web Worker failed: ${event.message || 'its module could not be loaded'}`,
            ),
          );
        };
        // The page opens the model cache first, or WebKit drops what the worker writes to it (model-cache.ts).
        void openModelCacheInPage(config.cacheModelFiles).then(() => send({ type: 'load', config }));
      });
    },
    embed(texts) {
      return new Promise((resolve, reject) => {
        if (broken || !worker) {
          reject(broken ?? new EmbedderLoadError(config.model, 'runtime', 'embed before load'));
          return;
        }
        const id = nextId++;
        pending.set(id, { resolve, reject });
        send({ type: 'embed', id, texts });
      });
    },
    dispose() {
      const current = worker;
      worker = undefined;
      if (!current) return Promise.resolve();
      failEverything(new EmbedderLoadError(config.model, 'disposed', 'the embedder was disposed'));
      const disposed = new Promise<void>((resolve) => {
        onDisposed = resolve;
        // A worker that no longer answers is ended anyway.
        setTimeout(resolve, 1_000);
      });
      current.postMessage({ type: 'dispose' } satisfies ToWorker);
      return disposed.finally(() => current.terminate());
    },
  };
}
