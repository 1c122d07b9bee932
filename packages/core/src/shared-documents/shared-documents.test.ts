import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { JsonValue } from '../catalog/index.js';
import { CorruptRecordError } from '../errors/index.js';
import { FORGOTTEN_DOCUMENT_SHAPE } from '../recall/index.js';
import { MemoryStore } from '../store/index.js';
import {
  isSetAsideKey,
  readSharedDocument,
  type SharedDocumentShape,
  setAside,
  setAsideKey,
} from './index.js';

/** A document of numbers: `{ n: number }`. */
const numbers: SharedDocumentShape = {
  key: 'numbers',
  problem: (value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && typeof value.n === 'number'
      ? null
      : 'it has no number n',
  restart: () => ({ n: 0 }),
};

describe('shared documents', () => {
  let reported: unknown[] = [];
  beforeEach(() => {
    reported = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('a document of its shape, or none, is read as stored and nothing is reported', async () => {
    const store = new MemoryStore();
    expect(await readSharedDocument(store, numbers)).toBeUndefined();
    await store.putDocument('numbers', { n: 3 });
    expect(await readSharedDocument(store, numbers)).toEqual({ n: 3 });
    expect(reported).toEqual([]);
  });

  test('a malformed one is kept whole under <key>.corrupt-<time>, reported by name, and restarted', async () => {
    const store = new MemoryStore();
    await store.putDocument('numbers', ['not', 'numbers']);
    expect(await readSharedDocument(store, numbers)).toEqual({ n: 0 });
    expect(await store.getDocument('numbers')).toEqual({ n: 0 });
    expect(reported).toHaveLength(1);
    const error = reported[0] as CorruptRecordError;
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect(error.where).toBe("document 'numbers'");
    const kept = /as '([^']+)'/.exec(error.message)?.[1] as string;
    expect(isSetAsideKey(kept)).toBe(true);
    expect(isSetAsideKey('numbers')).toBe(false);
    expect(await store.getDocument(kept)).toEqual(['not', 'numbers']);
    expect(setAsideKey('numbers', new Date(Date.UTC(2026, 0, 2)))).toBe(
      'numbers.corrupt-2026-01-02T00:00:00.000Z',
    );
  });

  test('readers at the same moment set it aside once', async () => {
    const store = new MemoryStore();
    await store.putDocument('numbers', 'garbage');
    const reads = await Promise.all(Array.from({ length: 5 }, () => readSharedDocument(store, numbers)));
    expect(reads).toEqual(Array.from({ length: 5 }, () => ({ n: 0 })));
    expect(reported).toHaveLength(1);
  });

  test('what another writer put in meanwhile is kept, not restarted over', async () => {
    const store = new MemoryStore();
    await store.putDocument('numbers', 'garbage');
    // Another tab mended the document between this read and the set-aside.
    const racing = {
      ...store,
      getDocument: (key: string) => store.getDocument(key),
      putDocument: async (key: string, value: JsonValue) => {
        await store.putDocument(key, value);
        if (key !== 'numbers') await store.putDocument('numbers', { n: 7 });
      },
      updateDocument: (key: string, update: (current: JsonValue | undefined) => JsonValue) =>
        store.updateDocument(key, update),
    };
    expect(await setAside(racing, numbers, 'garbage', 'it has no number n')).toEqual({ n: 7 });
    expect(await store.getDocument('numbers')).toEqual({ n: 7 });
  });

  test('the forgotten list keeps the message ids it can read: a wish never to recall is not dropped', async () => {
    const store = new MemoryStore();
    await store.putDocument('ctxkit.recall.forgotten', ['m1', 42, 'm2']);
    expect(await readSharedDocument(store, FORGOTTEN_DOCUMENT_SHAPE)).toEqual(['m1', 'm2']);
    expect(reported).toHaveLength(1);
  });
});
