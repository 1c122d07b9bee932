import { afterEach, describe, expect, test, vi } from 'vitest';
import { testEngine } from '../../engine/engine.fixtures.js';
import { CorruptRecordError, CtxkitError } from '../../errors/index.js';
import { MEMORY_DOCUMENT } from '../../memory/index.js';
import { describeFaultInjection } from '../fault-injection.fixtures.js';
import { freshName, openRaw, openTestStore, rawWrite } from './idb.fixtures.js';
import { rawGetAll } from './v2.fixtures.js';

type Row = Record<string, unknown> & { sessionId?: string; id?: string };

// The rows are damaged as a faulty write, a broken extension or a disk error would: with the raw IndexedDB API, on
// fake-indexeddb in Node and on Chromium's own IndexedDB.
describeFaultInjection('IdbStore', async () => {
  const name = freshName();
  const store = await openTestStore(name);
  /** Rewrites the rows of one object store that belong to the session. */
  const damage = async (objectStore: string, sessionId: string, change: (row: Row, i: number) => Row) => {
    const raw = await openRaw(name);
    try {
      const rows = ((await rawGetAll(raw, objectStore)) as Row[]).filter(
        (row) => (row.sessionId ?? row.id) === sessionId,
      );
      if (rows.length === 0) throw new Error(`no ${objectStore} rows of session ${sessionId} to damage`);
      await rawWrite(raw, [objectStore], (tx) => {
        rows.forEach((row, i) => {
          tx.objectStore(objectStore).put(change(row, i));
        });
      });
    } finally {
      raw.close();
    }
  };
  return {
    store,
    reopen: () => openTestStore(name),
    corrupt: {
      sessionRecord: (sessionId) =>
        damage('sessions', sessionId, (row) => ({
          ...row,
          record: { ...(row.record as object), pins: 'garbage' },
        })),
      messages: (sessionId) =>
        damage('messages', sessionId, (row, i) =>
          i === 0 ? { ...row, messages: ['garbage', ...(row.messages as unknown[]).slice(1)] } : row,
        ),
      plans: (sessionId) => damage('plans', sessionId, (row) => ({ ...row, plan: 'garbage' })),
      recallRows: (sessionId) => damage('recall', sessionId, (row) => ({ ...row, entries: 'garbage' })),
      usage: (sessionId) => damage('usage', sessionId, (row) => ({ ...row, report: 'garbage' })),
      retrievalSets: (sessionId) => damage('retrievalSets', sessionId, (row) => ({ ...row, set: undefined })),
    },
  };
}, ['sessionRecord', 'messages', 'plans', 'recallRows', 'usage', 'retrievalSets']);

describe('IdbStore: a damaged document row', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test.each([
    ['without a value', { v: 1, key: MEMORY_DOCUMENT }],
    ['without a format version', { key: MEMORY_DOCUMENT, value: { version: 1, entries: [] } }],
  ])('%s is moved whole to <key>.corrupt-<time>, reported, and no turn fails for it', async (_, row) => {
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    const name = freshName();
    const store = await openTestStore(name);
    const raw = await openRaw(name);
    try {
      await rawWrite(raw, ['documents'], (tx) => {
        tx.objectStore('documents').put(row);
      });
    } finally {
      raw.close();
    }
    try {
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      await session.commit(await session.prepare('Read the file config.json please'), 'Done.');
      await session.commit(await session.prepare('And the users table?'), 'Done.');
      expect(await engine.memories.list()).toEqual([]);
      const error = reported.find(
        (entry): entry is CorruptRecordError =>
          entry instanceof CorruptRecordError && entry.where === `document '${MEMORY_DOCUMENT}'`,
      );
      const kept = /set aside whole as '([^']+)'/.exec(error?.message ?? '')?.[1] as string;
      expect(kept.startsWith(`${MEMORY_DOCUMENT}.corrupt-`)).toBe(true);
      expect(await store.getDocument(kept)).toEqual(row);
      expect(reported.every((entry) => entry instanceof CtxkitError)).toBe(true);
    } finally {
      store.close();
    }
  });
});
