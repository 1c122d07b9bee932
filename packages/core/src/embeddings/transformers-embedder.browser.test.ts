import { expect, test, vi } from 'vitest';
import { EmbedderLoadError } from '../errors/index.js';
import { TINY_MODEL, tinyEmbedder, tinyModelBaseUrl, tinyWasmPaths } from './tiny-model.fixtures.js';
import type { FromWorker, ToWorker } from './worker-protocol.js';
import { startEmbedderWorker } from './worker-start.js';

// Each load starts a worker and compiles ONNX Runtime's wasm: seconds, not milliseconds, on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];

/**
 * Starts the embedder's worker for the test, so the test can ask it afterwards for every URL it requested: its
 * Resource Timing entries, which the browser records for any fetch or import, whatever code made it.
 */
function observedWorker(): { start: () => Worker; requests: () => Promise<string[]> } {
  let worker: Worker | undefined;
  return {
    start: () => {
      worker = startEmbedderWorker();
      return worker;
    },
    requests: () =>
      new Promise((resolve, reject) => {
        if (!worker) return reject(new Error('the worker was not started'));
        const onMessage = ({ data }: MessageEvent<FromWorker>) => {
          if (data.type !== 'requests') return;
          worker?.removeEventListener('message', onMessage);
          resolve(data.urls);
        };
        worker.addEventListener('message', onMessage);
        worker.postMessage({ type: 'report-requests' } satisfies ToWorker);
      }),
  };
}

const onThisOrigin = (url: string) => url.startsWith('blob:') || new URL(url).origin === location.origin;

test('loads the model in a Web Worker from the configured folder, the wasm from the configured URLs, nothing else', async () => {
  const observed = observedWorker();
  const tiny = tinyEmbedder({ runIn: observed.start });
  expect(tiny.runsIn).toBe('worker');
  const [vector] = await tiny.embed(['read the file']);
  expect(vector).toHaveLength(24);
  const urls = await observed.requests();
  await tiny.dispose();

  expect(urls.filter((url) => !onThisOrigin(url))).toEqual([]);
  const modelFolder = `${tinyModelBaseUrl()}${TINY_MODEL}/`;
  const modelRequests = urls.filter((url) => url.includes('/generated/models/'));
  // Each file once, though transformers.js asks for each twice (its size, then its bytes).
  expect(modelRequests.sort()).toEqual(MODEL_FILES.map((file) => `${modelFolder}${file}`).sort());
  expect(urls).toContain(tinyWasmPaths()?.wasm);
});

test('a missing model fails in the worker with an EmbedderLoadError, after asking only the configured folder', async () => {
  const observed = observedWorker();
  const missing = tinyEmbedder({ model: 'ctxkit/absent', runIn: observed.start });
  const error = await missing.load().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EmbedderLoadError);
  expect(error).toMatchObject({ failure: 'model-files', model: 'ctxkit/absent' });
  expect(missing.status).toBe('failed');
  // The failed embedder already let its worker go; a fresh look at what was requested is not possible, so the
  // same load runs again in a worker kept alive.
  const again = observedWorker();
  const worker = again.start();
  const failed = new Promise<FromWorker>((resolve) => {
    worker.addEventListener('message', ({ data }: MessageEvent<FromWorker>) => {
      if (data.type === 'load-failed') resolve(data);
    });
  });
  const config = {
    model: 'ctxkit/absent',
    modelBaseUrl: tinyModelBaseUrl(),
    wasmPaths: tinyWasmPaths(),
    dtype: 'fp32' as const,
    batchSize: 32,
    cacheModelFiles: false,
  };
  worker.postMessage({ type: 'load', config } satisfies ToWorker);
  expect(await failed).toMatchObject({ type: 'load-failed', error: { failure: 'model-files' } });
  // The browser records a request when its response has arrived, which for an unread 404 body can be a little
  // after the load failed: ask until the model folder shows up (or give up after two seconds).
  let urls = await again.requests();
  for (let tries = 0; tries < 20 && !urls.some((url) => url.includes('/generated/models/')); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    urls = await again.requests();
  }
  worker.terminate();
  expect(urls.filter((url) => !onThisOrigin(url))).toEqual([]);
  const modelRequests = urls.filter((url) => url.includes('/generated/models/'));
  expect(modelRequests.length).toBeGreaterThan(0);
  expect(modelRequests.filter((url) => !url.startsWith(`${tinyModelBaseUrl()}ctxkit/absent/`))).toEqual([]);
});

test('a worker that cannot start fails with an EmbedderLoadError naming the worker', async () => {
  const broken = tinyEmbedder({
    runIn: () => new Worker(new URL('./no-such-worker.js', import.meta.url), { type: 'module' }),
  });
  await expect(broken.load()).rejects.toMatchObject({ failure: 'worker' });
  expect(broken.status).toBe('failed');
  await broken.dispose();
});

test('wasm files missing at the configured URLs fail with an EmbedderLoadError from the runtime', async () => {
  const missingWasm = tinyEmbedder({
    wasmPaths: {
      mjs: new URL('/no-such-ort/ort-wasm-simd-threaded.asyncify.mjs', location.origin).href,
      wasm: new URL('/no-such-ort/ort-wasm-simd-threaded.asyncify.wasm', location.origin).href,
    },
  });
  const error = await missingWasm.load().catch((caught: unknown) => caught);
  await missingWasm.dispose();
  expect(error).toBeInstanceOf(EmbedderLoadError);
  expect(error).toMatchObject({ failure: 'runtime', model: TINY_MODEL });
});

test('a worker that dies after the model was ready turns the embedder failed, and embeds fail at once', async () => {
  const observed = observedWorker();
  let worker: Worker | undefined;
  const tiny = tinyEmbedder({
    runIn: () => {
      worker = observed.start();
      return worker;
    },
  });
  await tiny.load();
  const events: string[] = [];
  tiny.subscribe((event) => events.push(event.type));
  // What the browser fires on the Worker object when its script throws or it runs out of memory.
  worker?.dispatchEvent(new ErrorEvent('error', { message: 'out of memory' }));
  await expect(tiny.embed(['read the file'])).rejects.toMatchObject({ failure: 'worker' });
  expect(tiny.status).toBe('failed');
  expect(tiny.error?.message).toContain('out of memory');
  expect(events).toEqual(['failed']);
  await tiny.dispose();
});

test('with cacheModelFiles, a second load reads the model and the wasm from the Cache API, not the network', async () => {
  await caches.delete('transformers-cache');
  const load = async () => {
    const observed = observedWorker();
    const embedder = tinyEmbedder({ cacheModelFiles: true, runIn: observed.start });
    const events: string[] = [];
    embedder.subscribe((event) => events.push(event.type));
    const [vector] = await embedder.embed(['read the config file']);
    const urls = await observed.requests();
    await embedder.dispose();
    return { vector, events, urls };
  };
  const fromNetwork = (urls: readonly string[]) =>
    urls.filter((url) => url.includes('/generated/models/') || url.includes('ort-wasm'));

  const first = await load();
  expect(fromNetwork(first.urls).length).toBeGreaterThanOrEqual(5);
  const second = await load();
  expect(fromNetwork(second.urls)).toEqual([]);
  expect(second.vector).toEqual(first.vector);
  // A cached load still reports every file, then ready.
  expect(second.events.filter((type) => type === 'loaded')).toHaveLength(4);
  expect(second.events.at(-2)).toBe('ready');
  await caches.delete('transformers-cache');
});
