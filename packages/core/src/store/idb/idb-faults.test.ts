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
    },
  };
});
