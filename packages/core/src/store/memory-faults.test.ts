import type { SessionRecord } from '../session/index.js';
import { describeFaultInjection } from './fault-injection.fixtures.js';
import { MemoryStore } from './index.js';

// MemoryStore keeps the records it is handed, not copies: code that changes one afterwards (a bug) damages what is
// kept. That is how its rows are damaged here, in place.
type Mutable = Record<string, unknown>;

describeFaultInjection(
  'MemoryStore',
  async () => {
    const store = new MemoryStore();
    const loaded = async (sessionId: string) => {
      const session = await store.loadSession(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return session;
    };
    return {
      store,
      // Another engine on the same store object is what a reload is for a store in memory.
      reopen: async () => store,
      corrupt: {
        async sessionRecord(sessionId) {
          Object.assign((await loaded(sessionId)).record as SessionRecord & Mutable, { pins: 'garbage' });
        },
        async messages(sessionId) {
          Object.assign((await loaded(sessionId)).messages[1] as unknown as Mutable, { role: 'robot' });
        },
        async plans(sessionId) {
          const [plan] = await store.listPlans(sessionId);
          Object.assign(plan?.input.current as unknown as Mutable, { tokens: 1, hash: 'tampered' });
        },
        async recallRows(sessionId) {
          const read = await store.recallEntries([sessionId]);
          for (const entry of read.sessions.get(sessionId)?.entries ?? [])
            Object.assign(entry as unknown as Mutable, { text: 42, position: -1 });
        },
      },
    };
  },
  // MemoryStore hands back the usage reports and retrieval sets it keeps and reads nothing of them itself: a changed
  // one changes only what is shown of it, and there is no row of them to damage.
  ['sessionRecord', 'messages', 'plans', 'recallRows'],
);
