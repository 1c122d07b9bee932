import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CorruptRecordError } from '../errors/index.js';
import { isSetAsideKey } from '../shared-documents/index.js';
import { MemoryStore } from '../store/index.js';
import { learnedDocumentShape, PersistedUseMemory } from './learning.js';

const KEY = 'ctxkit.retrieval.learned';

describe('learned evidence kept in a damaged document', () => {
  let reported: unknown[] = [];
  beforeEach(() => {
    reported = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const keptUnder = () => {
    const error = reported.find((entry): entry is CorruptRecordError => entry instanceof CorruptRecordError);
    const kept = /set aside whole as '([^']+)'/.exec(error?.message ?? '')?.[1] as string;
    expect(isSetAsideKey(kept)).toBe(true);
    return kept;
  };

  test('found on load: set aside whole, learning starts empty and is written beside it', async () => {
    const store = new MemoryStore();
    await store.putDocument(KEY, { version: 2, pairs: 'lost?' });
    const learning = new PersistedUseMemory(store, { writeDelayMs: 0 });
    await learning.record({ kind: 'called', query: 'read the file', keys: ['tool:fs__read'] });
    await learning.flush();
    expect(await store.getDocument(keptUnder())).toEqual({ version: 2, pairs: 'lost?' });
    const stored = await store.getDocument(KEY);
    expect(learnedDocumentShape(KEY).problem(stored as never)).toBeNull();
    expect(learning.memory.size).toBeGreaterThan(0);
  });

  test('damaged by another writer after load: set aside before this engine writes its evidence over it', async () => {
    const store = new MemoryStore();
    const learning = new PersistedUseMemory(store, { writeDelayMs: 0 });
    await learning.ready();
    await store.putDocument(KEY, ['another', 'writer']);
    await learning.record({ kind: 'called', query: 'read the file', keys: ['tool:fs__read'] });
    await learning.flush();
    expect(await store.getDocument(keptUnder())).toEqual(['another', 'writer']);
    expect((await store.getDocument(KEY)) as { pairs: unknown[] }).toMatchObject({
      pairs: expect.arrayContaining([expect.arrayContaining(['tool:fs__read'])]),
    });
  });

  test('a version 1 document (learned from inclusion) is dropped by design, not set aside', async () => {
    const store = new MemoryStore();
    await store.putDocument(KEY, { version: 1, pairs: [] });
    await new PersistedUseMemory(store).ready();
    expect(reported).toEqual([]);
  });
});
