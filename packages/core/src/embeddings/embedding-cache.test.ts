import { describe, expect, test } from 'vitest';
import { MemoryStore } from '../store/index.js';
import { embedWithCache } from './embedding-cache.js';
import type { Embedder } from './types.js';

/** A deterministic embedder that records what it was asked to embed. */
function countingEmbedder(modelId = 'counting-v1'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    modelId,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text) => Float32Array.from([text.length, 1]));
    },
  };
}

describe('embedWithCache', () => {
  test('embeds only what the store does not hold for this model, and keeps the order of the items', async () => {
    const store = new MemoryStore();
    const embedder = countingEmbedder();
    const first = await embedWithCache(embedder, store, [
      { hash: 'h-a', text: 'a' },
      { hash: 'h-bb', text: 'bb' },
    ]);
    expect(first.map((vector) => [...vector])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const second = await embedWithCache(embedder, store, [
      { hash: 'h-ccc', text: 'ccc' },
      { hash: 'h-a', text: 'a' },
      { hash: 'h-dddd', text: 'dddd' },
      { hash: 'h-bb', text: 'bb' },
    ]);
    expect(second.map((vector) => vector[0])).toEqual([3, 1, 4, 2]);
    expect(embedder.calls).toEqual([
      ['a', 'bb'],
      ['ccc', 'dddd'],
    ]);
    // Everything is cached now: no call at all.
    await embedWithCache(embedder, store, [{ hash: 'h-dddd', text: 'dddd' }]);
    expect(embedder.calls).toHaveLength(2);
  });

  test('embeds a content hash once even when several items share it', async () => {
    const embedder = countingEmbedder();
    const vectors = await embedWithCache(embedder, new MemoryStore(), [
      { hash: 'same', text: 'x' },
      { hash: 'same', text: 'x' },
      { hash: 'other', text: 'yy' },
    ]);
    expect(embedder.calls).toEqual([['x', 'yy']]);
    expect(vectors[0]).toBe(vectors[1]);
  });

  test('keeps models apart: another model id embeds again', async () => {
    const store = new MemoryStore();
    await embedWithCache(countingEmbedder('model-a'), store, [{ hash: 'h', text: 'text' }]);
    const other = countingEmbedder('model-b');
    await embedWithCache(other, store, [{ hash: 'h', text: 'text' }]);
    expect(other.calls).toEqual([['text']]);
    expect([...(await store.getEmbeddings('model-a', ['h'])).keys()]).toEqual(['h']);
  });

  test('nothing to embed, no call; an embedder returning the wrong count is an error, and nothing is stored', async () => {
    const store = new MemoryStore();
    const embedder = countingEmbedder();
    expect(await embedWithCache(embedder, store, [])).toEqual([]);
    expect(embedder.calls).toEqual([]);
    const short: Embedder = { modelId: 'short', embed: async () => [] };
    await expect(embedWithCache(short, store, [{ hash: 'h', text: 't' }])).rejects.toThrow(
      'short returned 0 vectors for 1 texts',
    );
    expect((await store.getEmbeddings('short', ['h'])).size).toBe(0);
  });
});
