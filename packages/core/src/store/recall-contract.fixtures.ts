import { expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { demoCatalog } from '../engine/engine.fixtures.js';
import { recallEntries } from '../recall-entries/index.js';
import { type ChatMessage, newSessionRecord, type SessionRecord } from '../session/index.js';
import type { RecallRead, Store } from '../store-types/index.js';

const at = '2026-01-01T00:00:00.000Z';

function record(id: string, changes: Partial<SessionRecord> = {}): SessionRecord {
  return { ...newSessionRecord(id, 'Chat', defineCatalog(demoCatalog), at), ...changes };
}

const user = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: at });
const reply = (id: string, content: string): ChatMessage =>
  ({ id, role: 'assistant', modelReply: { content }, createdAt: at, planId: 'p', model: 'm' }) as ChatMessage;
const note = (id: string): ChatMessage => ({ id, role: 'system', content: 'a note', createdAt: at });

function commit(store: Store, session: SessionRecord, messages: ChatMessage[]) {
  return store.commitTurn({ session, messages, plans: [], usage: [], retrievalSets: [] });
}

function read(store: Store, sessionIds: string[]): Promise<RecallRead> {
  if (!store.recallEntries) throw new Error('this store keeps no recall entries');
  return store.recallEntries(sessionIds);
}

/** Ids of the messages a read returned for a session, by position. */
async function positions(store: Store, sessionId: string): Promise<[string, number][] | undefined> {
  const stored = (await read(store, [sessionId])).sessions.get(sessionId);
  return stored?.entries.map((entry) => [entry.messageId, entry.position]);
}

/** The recall part of the store contract (called inside describeStoreContract). */
export function describeRecallContract(open: () => Promise<Store>): void {
  test('recall entries are written with each turn, at stored positions, and read back without indexing again', async () => {
    const store = await open();
    const session = record('s1');
    await store.createSession(session);
    const first = [user('u1', 'My cat Marzipan fears thunderstorms'), reply('a1', 'A lovely name')];
    await commit(store, session, first);
    await commit(store, session, [note('n1'), user('u2', 'We drove home in the rain')]);
    const { sessions, rebuilt } = await read(store, ['s1', 'unknown']);
    expect(rebuilt).toEqual([]);
    expect([...sessions.keys()]).toEqual(['s1']);
    const stored = sessions.get('s1');
    expect(stored?.record).toEqual(session);
    expect(stored?.messages).toBe(4);
    // Exactly what indexing the messages now would make of them: terms, text, date and stored position.
    expect(stored?.entries).toEqual([
      ...recallEntries(first, 0),
      ...recallEntries([user('u2', 'We drove home in the rain')], 3),
    ]);
  });

  test('private sessions and those with memory or recall off have no entries; turning recall off drops them', async () => {
    const store = await open();
    for (const [id, changes] of [
      ['private', { private: true }],
      ['quiet', { memory: false }],
      ['unrecalled', { recall: false }],
    ] as const) {
      await store.createSession(record(id, changes));
      await commit(store, record(id, changes), [user(`${id}-u`, 'A secret about Marzipan')]);
    }
    expect((await read(store, ['private', 'quiet', 'unrecalled'])).sessions.size).toBe(0);
    const session = record('s1');
    await store.createSession(session);
    await commit(store, session, [user('u1', 'Marzipan the cat')]);
    await store.saveSession({ ...session, recall: false });
    // Committed while recall is off: no entries, even once it is on again, until the messages are indexed anew.
    await commit(store, { ...session, recall: false }, [user('u2', 'Nobody may recall this yet')]);
    expect((await read(store, ['s1'])).sessions.size).toBe(0);
    await store.saveSession(session);
    const again = await read(store, ['s1']);
    expect(again.rebuilt).toEqual(['s1']);
    expect(again.sessions.get('s1')?.entries.map((entry) => entry.messageId)).toEqual(['u1', 'u2']);
    // Indexed once: the next read finds them as they are now.
    await commit(store, session, [user('u3', 'And a third')]);
    expect((await read(store, ['s1'])).rebuilt).toEqual([]);
    expect(await positions(store, 's1')).toEqual([
      ['u1', 0],
      ['u2', 1],
      ['u3', 2],
    ]);
  });

  test('erased messages and deleted sessions take their entries with them; other sessions keep theirs', async () => {
    const store = await open();
    const session = record('s1');
    await store.createSession(session);
    await store.createSession(record('s2'));
    await commit(store, session, [user('u1', 'Marzipan'), reply('a1', 'A cat')]);
    await commit(store, session, [user('u2', 'Thunder'), reply('a2', 'Storms')]);
    await commit(store, record('s2'), [user('v1', 'The other chat')]);
    await store.eraseMessages({
      session,
      messages: [
        { id: 'u1', role: 'user', content: '', createdAt: at, erased: true },
        { ...reply('a1', ''), erased: true },
      ],
    });
    const after = await read(store, ['s1']);
    expect(after.rebuilt).toEqual([]);
    expect(after.sessions.get('s1')?.entries.map((entry) => [entry.messageId, entry.position])).toEqual([
      ['u2', 2],
      ['a2', 3],
    ]);
    expect(JSON.stringify(after)).not.toContain('Marzipan');
    await store.deleteSession('s1');
    const gone = await read(store, ['s1', 's2']);
    expect([...gone.sessions.keys()]).toEqual(['s2']);
    expect(gone.rebuilt).toEqual([]);
  });
}
