import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { EmbedderLoadError } from '../errors/index.js';
import { similarity, TINY_MODEL, tinyEmbedder, tinyModelBaseUrl } from './tiny-model.fixtures.js';

// Node reads a model from a folder (the other tests) or, as here, from an http origin the host configures. Every
// fetch goes through the global fetch, which this file records.

let server: Server;
let origin: string;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    served.push(request.url ?? '');
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (!path.startsWith('/models/') || path.includes('..')) {
      response.writeHead(404).end();
      return;
    }
    readFile(join(tinyModelBaseUrl(), path.slice('/models/'.length))).then(
      (bytes) => response.writeHead(200, { 'content-length': bytes.length }).end(bytes),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  vi.unstubAllGlobals();
  served.length = 0;
});

function recordFetches(): string[] {
  const urls: string[] = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  });
  return urls;
}

test('loads a model over http from the configured origin only, each file once', async () => {
  const fetched = recordFetches();
  const remote = tinyEmbedder({ modelBaseUrl: `${origin}/models/` });
  const local = tinyEmbedder();
  try {
    const [fromServer] = await remote.embed(['read the config file']);
    const [fromDisk] = await local.embed(['read the config file']);
    expect(similarity(fromServer as Float32Array, fromDisk as Float32Array)).toBeCloseTo(1, 6);
  } finally {
    await Promise.all([remote.dispose(), local.dispose()]);
  }
  const files = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];
  expect(fetched.filter((url) => !url.startsWith(`${origin}/models/${TINY_MODEL}/`))).toEqual([]);
  expect([...fetched].sort()).toEqual(files.map((file) => `${origin}/models/${TINY_MODEL}/${file}`).sort());
  expect(served).toHaveLength(files.length);
});

test('a model missing on the server fails with an EmbedderLoadError, having asked that origin only', async () => {
  const fetched = recordFetches();
  const missing = tinyEmbedder({ modelBaseUrl: `${origin}/models/`, model: 'ctxkit/absent' });
  const error = await missing.load().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EmbedderLoadError);
  expect(error).toMatchObject({ failure: 'model-files', model: 'ctxkit/absent' });
  // Named by its real URL.
  expect((error as EmbedderLoadError).location).toMatch(new RegExp(`^${origin}/models/ctxkit/absent/`));
  expect((error as EmbedderLoadError).message).toContain(`${origin}/models/ctxkit/absent/`);
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((url) => !url.startsWith(`${origin}/models/ctxkit/absent/`))).toEqual([]);
});

test('an unreachable origin fails with an EmbedderLoadError, not a hang or a fallback elsewhere', async () => {
  const fetched = recordFetches();
  const closed = tinyEmbedder({ modelBaseUrl: 'http://127.0.0.1:9/models/' });
  const error = await closed.load().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(EmbedderLoadError);
  expect(closed.status).toBe('failed');
  expect(fetched.filter((url) => !url.startsWith('http://127.0.0.1:9/models/'))).toEqual([]);
});

test('a folder without the model fails with an EmbedderLoadError naming the missing file', async () => {
  const missing = tinyEmbedder({ modelBaseUrl: '/nonexistent-models-folder/' });
  const error = await missing.load().catch((caught: unknown) => caught);
  expect(error).toMatchObject({ failure: 'model-files' });
  expect((error as EmbedderLoadError).location).toMatch(
    /^\/nonexistent-models-folder\/ctxkit\/tiny-embedder\//,
  );
  expect((error as EmbedderLoadError).message).toContain('/nonexistent-models-folder/');
});
