// A module Web Worker that opens a store and starts one large commit, for crash.browser.test.ts, which terminates
// it in the middle. `atomic` commits the turn as the store does (one transaction); `split` writes it the way a
// non-atomic store would (one transaction per message), so the test can show it tells the two apart.
import type { ChatMessage, SessionRecord } from '../../session/index.js';
import { openIdbStore } from './idb-store.js';

export interface CrashOrder {
  readonly database: string;
  readonly session: SessionRecord;
  readonly messages: number;
  readonly mode: 'atomic' | 'split';
}

export type CrashReport = 'started' | 'done' | { readonly error: string };

self.onmessage = async (event: MessageEvent<CrashOrder>) => {
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
    const commit = { plans: [], usage: [], retrievalSets: [] };
    self.postMessage('started' satisfies CrashReport);
    if (mode === 'atomic') {
      await store.commitTurn({ ...commit, session: committed, messages });
    } else {
      for (const message of messages)
        await store.commitTurn({ ...commit, session: committed, messages: [message] });
    }
    self.postMessage('done' satisfies CrashReport);
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
