import { expect, test, vi } from 'vitest';
import { MemoryStore } from '../store/index.js';
import { embedWithCache } from './embedding-cache.js';
import { similarity, tinyEmbedder } from './tiny-model.fixtures.js';

// The cache with the real embedder, in Node only: the browser's embedding path has its own tests, and each load
// there compiles ONNX Runtime's wasm.
test('with the real tiny model, cached vectors are the ones computed, and not computed again', async () => {
  const store = new MemoryStore();
  const tiny = tinyEmbedder();
  const embed = vi.spyOn(tiny, 'embed');
  try {
    const items = [
      { hash: 'files', text: 'read the config file' },
      { hash: 'weather', text: 'rain forecast' },
    ];
    const computed = await embedWithCache(tiny, store, items);
    const stored = await store.getEmbeddings(tiny.modelId, ['files', 'weather']);
    expect(similarity(stored.get('files') as Float32Array, computed[0] as Float32Array)).toBeCloseTo(1, 6);
    const again = await embedWithCache(tiny, store, items);
    expect(again.map((vector) => [...vector])).toEqual(computed.map((vector) => [...vector]));
    expect(embed).toHaveBeenCalledTimes(1);
  } finally {
    await tiny.dispose();
  }
});
