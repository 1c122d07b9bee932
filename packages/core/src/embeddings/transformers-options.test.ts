import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { createTransformersEmbedder } from './transformers-embedder.js';
import {
  DEFAULT_EMBEDDING_MODEL,
  resolveTransformersOptions,
  type TransformersEmbedderOptions,
  transformersModelId,
} from './transformers-options.js';

const wasmPaths = { mjs: 'https://app.example/ort/a.mjs', wasm: 'https://app.example/ort/a.wasm' };

function issuesOf(options: TransformersEmbedderOptions): string[] {
  try {
    resolveTransformersOptions(options);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  return [];
}

describe('transformers.js embedder options', () => {
  test('default to MiniLM, fp32, batches of 32 and the browser cache, with the host’s model origin', () => {
    const config = resolveTransformersOptions({ modelBaseUrl: 'https://app.example/models', wasmPaths });
    expect(config).toEqual({
      model: DEFAULT_EMBEDDING_MODEL,
      modelBaseUrl: 'https://app.example/models/',
      wasmPaths,
      dtype: 'fp32',
      batchSize: 32,
      cacheModelFiles: true,
    });
    expect(DEFAULT_EMBEDDING_MODEL).toBe('Xenova/all-MiniLM-L6-v2');
    expect(transformersModelId(config)).toBe('transformers.js:Xenova/all-MiniLM-L6-v2:fp32:mean-normalized');
  });

  test('require a model origin: there is no hub or CDN default', () => {
    expect(issuesOf({ modelBaseUrl: '', wasmPaths })).toEqual(['modelBaseUrl']);
    expect(() => createTransformersEmbedder({ modelBaseUrl: ' ', wasmPaths })).toThrow(
      /modelBaseUrl: is required: the origin or folder the model files are served from/,
    );
  });

  test('list every bad option at once', () => {
    expect(
      issuesOf({
        model: '../escape',
        modelBaseUrl: 'https://app.example/models/',
        batchSize: 0,
        wasmPaths: { mjs: '/ort/a.mjs', wasm: 'https://app.example/ort/a.wasm' },
      }),
    ).toEqual(['model', 'batchSize', 'wasmPaths.mjs']);
    expect(issuesOf({ modelBaseUrl: 'https://app.example/', batchSize: 2.5, wasmPaths })).toEqual([
      'batchSize',
    ]);
    expect(
      issuesOf({ model: 'https://hub.example/m', modelBaseUrl: 'https://app.example/', wasmPaths }),
    ).toEqual(['model']);
  });

  test('a relative origin resolves against the page in the browser; Node takes a folder', () => {
    if (typeof window !== 'undefined') {
      const config = resolveTransformersOptions({ modelBaseUrl: '/models', wasmPaths });
      expect(config.modelBaseUrl).toBe(`${location.origin}/models/`);
      expect(issuesOf({ modelBaseUrl: '/models/' })).toEqual(['wasmPaths']);
    } else {
      expect(resolveTransformersOptions({ modelBaseUrl: '/srv/models' }).modelBaseUrl).toBe('/srv/models/');
      expect(resolveTransformersOptions({ modelBaseUrl: 'file:///srv/my%20models' }).modelBaseUrl).toBe(
        '/srv/my models/',
      );
      expect(resolveTransformersOptions({ modelBaseUrl: '/srv/models' }).wasmPaths).toBeUndefined();
    }
  });

  test('settings that change the vectors change the model id', () => {
    const base = resolveTransformersOptions({ modelBaseUrl: 'https://app.example/', wasmPaths });
    const ids = new Set([
      transformersModelId(base),
      transformersModelId({ ...base, dtype: 'q8' }),
      transformersModelId({ ...base, model: 'Xenova/bge-small-en-v1.5' }),
    ]);
    expect(ids.size).toBe(3);
    expect(transformersModelId({ ...base, batchSize: 4, cacheModelFiles: false })).toBe(
      transformersModelId(base),
    );
  });
});
