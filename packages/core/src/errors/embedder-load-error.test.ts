import { expect, test } from 'vitest';
import { fromWire, toWire } from '../embeddings/worker-protocol.js';
import { CtxkitError, EmbedderLoadError } from './index.js';

test('EmbedderLoadError says which model, what failed and where, with a stable code', () => {
  const cause = new Error('404');
  const error = new EmbedderLoadError('Xenova/all-MiniLM-L6-v2', 'model-files', 'config.json is missing', {
    location: 'https://app.example/models/Xenova/all-MiniLM-L6-v2/config.json',
    cause,
  });
  expect(error).toBeInstanceOf(CtxkitError);
  expect(error.name).toBe('EmbedderLoadError');
  expect(error.code).toBe('embedder_unavailable');
  expect([error.model, error.failure, error.location, error.cause]).toEqual([
    'Xenova/all-MiniLM-L6-v2',
    'model-files',
    'https://app.example/models/Xenova/all-MiniLM-L6-v2/config.json',
    cause,
  ]);
  expect(error.message).toBe(
    "The embedding model 'Xenova/all-MiniLM-L6-v2' is unavailable (model-files): config.json is missing",
  );
  expect(new EmbedderLoadError('m', 'disposed', 'gone').location).toBeUndefined();
});

test('crosses the worker boundary as data and comes back the same error', () => {
  const error = new EmbedderLoadError('org/model', 'blocked-request', 'refused https://cdn.example/x', {
    location: 'https://cdn.example/x',
  });
  const wire = structuredClone(toWire(error, 'org/model'));
  const back = fromWire(wire);
  expect(back).toBeInstanceOf(EmbedderLoadError);
  expect([back.message, back.failure, back.location, back.model]).toEqual([
    error.message,
    error.failure,
    error.location,
    error.model,
  ]);
  // Anything else thrown in the worker becomes a runtime failure, keeping its message.
  expect(fromWire(toWire(new TypeError('boom'), 'org/model'))).toMatchObject({
    failure: 'runtime',
    model: 'org/model',
    message: "The embedding model 'org/model' is unavailable (runtime): boom",
  });
});
