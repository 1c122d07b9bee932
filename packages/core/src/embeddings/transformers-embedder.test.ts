import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { EmbedderLoadError } from '../errors/index.js';
import type { EmbedderEvent } from './events.js';
import { runsInBrowser, similarity, TINY_MODEL, tinyEmbedder } from './tiny-model.fixtures.js';
import type { TransformersEmbedder } from './transformers-embedder.js';

// These tests run transformers.js for real on the tiny model: its loader, tokenizer and ONNX Runtime (onnxruntime-node
// in Node, onnxruntime-web's wasm in a Web Worker in Chromium).

// In Chromium each load starts a worker and compiles ONNX Runtime's wasm: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];
const opened: TransformersEmbedder[] = [];

function embedder(...args: Parameters<typeof tinyEmbedder>): TransformersEmbedder {
  const created = tinyEmbedder(...args);
  opened.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((created) => created.dispose()));
});

// One loaded model for the tests that only embed (in Chromium each load starts a worker and compiles the wasm).
// Batches of 2 so that every multi-text call runs several batches.
let shared: TransformersEmbedder;
beforeAll(async () => {
  shared = tinyEmbedder({ batchSize: 2 });
  await shared.load();
});
afterAll(() => shared.dispose());

function norm(vector: Float32Array): number {
  return Math.sqrt(similarity(vector, vector));
}

describe('a transformers.js embedder on the tiny model', () => {
  test('ranks the text about the same thing first', async () => {
    const tiny = shared;
    const documents = [
      'Rain forecast and temperature for the week',
      'Open a document from disk and save it to a folder',
      'Send an email reply with an attachment',
      'Query the users table in the database',
      'Play a song from my playlist',
    ];
    const queries: [string, number][] = [
      ['how do I read the config file?', 1],
      ['will it snow tomorrow, do I need an umbrella', 0],
      ['show the schema of the postgres table', 3],
      ['reply to the message in my inbox', 2],
      ['play some music by this artist', 4],
    ];
    const [documentVectors, queryVectors] = await Promise.all([
      tiny.embed(documents),
      tiny.embed(queries.map(([query]) => query)),
    ]);
    const best = queryVectors.map((query) => {
      const scores = documentVectors.map((document) => similarity(query, document));
      return scores.indexOf(Math.max(...scores));
    });
    expect(best).toEqual(queries.map(([, expected]) => expected));
  });

  test('returns L2-normalized vectors of the model’s dimensions', async () => {
    const tiny = shared;
    const vectors = await tiny.embed(['read the file', 'rain', '', 'zzz unknown words qqq']);
    expect(tiny.dimensions).toBe(24);
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector).toHaveLength(24);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
  });

  test('refuses texts that are not strings, saying which, and embeds nothing for no texts', async () => {
    await expect(
      shared.embed(['ok', 42 as unknown as string, null as unknown as string]),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [
        { path: 'texts[1]', message: 'must be a string, got number' },
        { path: 'texts[2]', message: 'must be a string, got object' },
      ],
    });
    expect(await shared.embed([])).toEqual([]);
  });

  test('gives the same vectors in batches as one by one, in the order of the texts', async () => {
    const texts = [
      'Read the config file from disk',
      'rain',
      'Schedule a meeting with the team for tomorrow and send the agenda by email',
      'pay the invoice',
      'directions to the city',
    ];
    const batched = shared;
    const together = await batched.embed(texts);
    const alone: Float32Array[] = [];
    for (const text of texts) alone.push(...(await batched.embed([text])));
    expect(together).toHaveLength(texts.length);
    together.forEach((vector, index) => {
      const single = alone[index] as Float32Array;
      for (let d = 0; d < vector.length; d++) expect(vector[d]).toBeCloseTo(single[d] as number, 5);
    });
    // Different texts, different vectors: order matters, so it is kept rather than vacuously equal.
    expect(similarity(together[0] as Float32Array, together[1] as Float32Array)).toBeLessThan(0.9);
    const reversed = await batched.embed([...texts].reverse());
    expect(reversed.reverse()).toEqual(together);
  });

  test('reports each file’s progress, then ready; dispose frees it, and later calls fail typed', async () => {
    const tiny = embedder();
    const events: EmbedderEvent[] = [];
    const statuses: string[] = [];
    tiny.subscribe((event) => {
      events.push(event);
      statuses.push(tiny.status);
    });
    expect(tiny.status).toBe('idle');
    const loading = tiny.load();
    expect(tiny.status).toBe('loading');
    await loading;
    expect(tiny.status).toBe('ready');

    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'ready', dimensions: 24 });
    expect(last?.type === 'ready' && last.loadMs).toBeGreaterThan(0);
    expect(events.filter((event) => event.type === 'ready')).toHaveLength(1);
    for (const file of MODEL_FILES) {
      const ofFile = events.filter((event) => 'file' in event && event.file === file);
      expect(ofFile.length, file).toBeGreaterThanOrEqual(2);
      expect(ofFile[0], file).toMatchObject({ type: 'loading', progress: 0 });
      expect(ofFile.at(-1), file).toEqual({ type: 'loaded', file });
      const progress = ofFile.flatMap((event) => (event.type === 'loading' ? [event.progress] : []));
      expect(progress, file).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.at(-1), file).toBe(100);
    }
    expect(statuses.slice(0, -1).every((status) => status === 'loading')).toBe(true);
    expect(statuses.at(-1)).toBe('ready');
    // Loading again is the same load: no second round of events.
    await tiny.load();
    expect(events.at(-1)).toBe(last);

    expect(await tiny.embed(['read the file'])).toHaveLength(1);
    await tiny.dispose();
    expect(tiny.status).toBe('disposed');
    expect(events.at(-1)).toEqual({ type: 'disposed' });
    await expect(tiny.embed(['after'])).rejects.toMatchObject({ failure: 'disposed' });
    await expect(tiny.load()).rejects.toBeInstanceOf(EmbedderLoadError);
    await tiny.dispose(); // twice is harmless
    expect(events.filter((event) => event.type === 'disposed')).toHaveLength(1);
  });

  test('a missing model fails with an EmbedderLoadError the app can fall back on', async () => {
    const missing = embedder({ model: 'ctxkit/no-such-model' });
    const events: EmbedderEvent[] = [];
    missing.subscribe((event) => events.push(event));
    const error = await missing.load().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EmbedderLoadError);
    expect(error).toMatchObject({
      code: 'embedder_unavailable',
      model: 'ctxkit/no-such-model',
      failure: 'model-files',
    });
    expect((error as Error).message).toMatch(
      /^The embedding model 'ctxkit\/no-such-model' is unavailable \(model-files\)/,
    );
    expect(missing.status).toBe('failed');
    expect(missing.error).toBe(error);
    expect(events.at(-1)).toEqual({ type: 'failed', error });
    // It stays failed, with the same error, for every later call.
    await expect(missing.embed(['hello'])).rejects.toBe(error);
  });

  test('disposing while the model loads ends the load with the disposed error', async () => {
    const tiny = embedder();
    const loading = tiny.load().then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await tiny.dispose();
    expect(await loading).toMatchObject({ failure: 'disposed' });
    expect(tiny.status).toBe('disposed');
  });

  test('an aborted embed rejects with the signal’s reason', async () => {
    const tiny = shared;
    const controller = new AbortController();
    controller.abort(new Error('user typed on'));
    await expect(tiny.embed(['x'], { signal: controller.signal })).rejects.toThrow('user typed on');
    const late = new AbortController();
    const pending = tiny.embed(['read the file'], { signal: late.signal });
    late.abort(new Error('too late'));
    await expect(pending).rejects.toThrow('too late');
    // The embedder itself is fine.
    expect(await tiny.embed(['read the file'])).toHaveLength(1);
  });

  test('runs in a Web Worker on a page, in-process in Node, and names model and settings in its id', () => {
    const tiny = embedder();
    expect(shared.runsIn).toBe(runsInBrowser() ? 'worker' : 'in-process');
    expect(tiny.runsIn).toBe(shared.runsIn);
    expect(tiny.model).toBe(TINY_MODEL);
    expect(tiny.modelId).toBe('transformers.js:ctxkit/tiny-embedder:fp32:mean-normalized');
    expect(embedder({ dtype: 'q8' }).modelId).not.toBe(tiny.modelId);
    expect(tiny.status).toBe('idle');
  });
});
