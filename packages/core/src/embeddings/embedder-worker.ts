// The Web Worker a browser embedder runs its model in, so tokenizing and inference never block the page.
// Started by `createTransformersEmbedder` with `new Worker(new URL('./embedder-worker.js', import.meta.url))`,
// which bundlers such as Vite follow and emit as a chunk of the app.
import type { LoadedModel } from './transformers-runtime.js';
import { type FromWorker, type ToWorker, toWire } from './worker-protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  close(): void;
}

const scope = self as unknown as WorkerScope;
let loading: Promise<LoadedModel> | undefined;
let model = '';

function post(message: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

scope.onmessage = ({ data: message }) => {
  if (message.type === 'load') {
    model = message.config.model;
    loading = import('./transformers-runtime.js').then(({ loadTransformersModel }) =>
      loadTransformersModel(message.config, (event) => post({ type: 'event', event })),
    );
    loading.then(
      (loaded) => post({ type: 'loaded', dimensions: loaded.dimensions }),
      (error: unknown) => post({ type: 'load-failed', error: toWire(error, model) }),
    );
  } else if (message.type === 'embed') {
    const { id, texts } = message;
    if (!loading) {
      post({ type: 'embed-failed', id, error: toWire(new Error('embed before load'), model) });
      return;
    }
    loading
      .then((loaded) => loaded.embed(texts))
      .then(
        (vectors) =>
          post(
            { type: 'embedded', id, vectors },
            vectors.map((vector) => vector.buffer as ArrayBuffer),
          ),
        (error: unknown) => post({ type: 'embed-failed', id, error: toWire(error, model) }),
      );
  } else if (message.type === 'report-requests') {
    post({ type: 'requests', urls: performance.getEntriesByType('resource').map((entry) => entry.name) });
  } else {
    const done = () => {
      post({ type: 'disposed' });
      scope.close();
    };
    (loading ?? Promise.reject()).then((loaded) => loaded.dispose()).then(done, done);
  }
};
