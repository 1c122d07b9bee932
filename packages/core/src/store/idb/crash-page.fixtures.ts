// The module of a same-origin iframe page, for crash.browser.test.ts: it opens a store (its own IndexedDB
// connection, as a tab would), starts one large commit, says when the commit's transaction has been created, and
// is removed from the document by the test in the middle, which closes its browsing context like a closed tab.
import type { ChatMessage, SessionRecord } from '../../session/index.js';
import { openIdbStore } from './idb-store.js';

export interface PageCrashOrder {
  readonly database: string;
  readonly session: SessionRecord;
  readonly messages: number;
  /** `atomic`: as the store commits a turn; `split`: one transaction per message, as a non-atomic store would. */
  readonly mode: 'atomic' | 'split';
}

export type PageCrashReport = 'ready' | 'transaction' | 'done' | { readonly error: string };

// An about:srcdoc page's own `location.origin` is "null", though its origin is its parent's.
const report = (message: PageCrashReport) =>
  window.parent.postMessage(message, window.parent.location.origin);

// The first read-write transaction over the messages after the commit starts is the commit's own.
let watching = false;
const transaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (
  this: IDBDatabase,
  ...args: Parameters<IDBDatabase['transaction']>
) {
  const tx = transaction.apply(this, args);
  const names = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
  if (watching && args[1] === 'readwrite' && names.includes('messages')) {
    watching = false;
    report('transaction');
  }
  return tx;
};

window.addEventListener('message', async (event: MessageEvent<PageCrashOrder>) => {
  if (event.source !== window.parent) return;
  const { database, session, messages: count, mode } = event.data;
  try {
    const store = await openIdbStore({ name: database });
    const filler = 'x'.repeat(1_000);
    const messages: ChatMessage[] = Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      role: 'system',
      content: `${i} ${filler}`,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    const committed: SessionRecord = { ...session, title: 'Committed', turnCount: session.turnCount + 1 };
    const commit = { session: committed, plans: [], usage: [], retrievalSets: [] };
    watching = true;
    if (mode === 'atomic') await store.commitTurn({ ...commit, messages });
    else for (const message of messages) await store.commitTurn({ ...commit, messages: [message] });
    report('done');
  } catch (error) {
    report({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
report('ready');
