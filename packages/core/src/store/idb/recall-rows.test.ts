import { afterEach, describe, expect, test } from 'vitest';
import { defineCatalog } from '../../catalog/index.js';
import { demoCatalog } from '../../engine/engine.fixtures.js';
import { CorruptRecordError, StaleSessionError } from '../../errors/index.js';
import { recallEntries } from '../../recall-entries/index.js';
import { type ChatMessage, newSessionRecord, type SessionRecord } from '../../session/index.js';
import type { Store } from '../../store-types/index.js';
import { freshName, type IdbStore, openRaw, openTestStore, rawWrite } from './idb.fixtures.js';
import { SCHEMA_VERSION } from './schema.js';
import { createV2, rawGetAll } from './v2.fixtures.js';

const opened: { close(): void }[] = [];
function track<T extends { close(): void }>(handle: T): T {
  opened.push(handle);
  return handle;
}
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

const at = '2026-01-01T00:00:00.000Z';
const record = (id: string): SessionRecord => newSessionRecord(id, 'Chat', defineCatalog(demoCatalog), at);
const user = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: at });
const reply = (id: string, content: string): ChatMessage =>
  ({ id, role: 'assistant', modelReply: { content }, createdAt: at, planId: 'p', model: 'm' }) as ChatMessage;

/** Two sessions of two turns each, written as the engine would. */
async function fill(store: Store): Promise<void> {
  for (const id of ['s1', 's2']) {
    await store.createSession(record(id));
    for (let turn = 0; turn < 2; turn++)
      await store.commitTurn({
        session: record(id),
        messages: [
          user(`${id}-u${turn}`, `${id} question ${turn} about Marzipan`),
          reply(`${id}-a${turn}`, 'Yes'),
        ],
        plans: [],
        usage: [],
        retrievalSets: [],
      });
  }
}

interface RawRecallRow {
  sessionId: string;
  position: number;
  end: number;
  entries: { messageId: string }[];
}

async function rawRecallRows(name: string): Promise<RawRecallRow[]> {
  const raw = track(await openRaw(name));
  return (await rawGetAll(raw, 'recall')) as RawRecallRow[];
}

async function withReported<T>(body: () => Promise<T>): Promise<{ result: T; reported: unknown[] }> {
  const reported: unknown[] = [];
  const original = (globalThis as { reportError?: unknown }).reportError;
  (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
  try {
    return { result: await body(), reported };
  } finally {
    (globalThis as { reportError?: unknown }).reportError = original;
  }
}

/** The entries indexing a session's stored messages now would make. */
async function expectedEntries(store: IdbStore, sessionId: string) {
  return recallEntries((await store.loadSession(sessionId))?.messages ?? [], 0);
}

describe('IdbStore: recall rows', () => {
  test('a version 2 database gets an empty recall store; its sessions are indexed once, then read from rows', async () => {
    const name = freshName();
    await createV2(name, fill);
    const store = track(await openTestStore(name));
    const raw = await openRaw(name);
    expect(raw.version).toBe(SCHEMA_VERSION);
    expect(await rawGetAll(raw, 'recall')).toEqual([]);
    raw.close();
    // Everything version 2 stored is still there.
    expect((await store.loadSession('s1'))?.messages).toHaveLength(4);

    const first = await store.recallEntries(['s1', 's2']);
    expect([...first.rebuilt].sort()).toEqual(['s1', 's2']);
    expect(first.sessions.get('s1')?.entries).toEqual(await expectedEntries(store, 's1'));
    expect(first.sessions.get('s2')?.entries).toEqual(await expectedEntries(store, 's2'));
    expect((await rawRecallRows(name)).map((row) => [row.sessionId, row.position, row.end])).toEqual([
      ['s1', 0, 4],
      ['s2', 0, 4],
    ]);

    // A reload (a new connection) reads the rows: nothing is indexed again, and it finds the same.
    store.close();
    const reloaded = track(await openTestStore(name));
    const second = await reloaded.recallEntries(['s1', 's2']);
    expect(second.rebuilt).toEqual([]);
    expect(second.sessions).toEqual(first.sessions);
  });

  test('a turn writes its recall row in its own transaction: a refused commit writes none', async () => {
    const name = freshName();
    const store = track(await openTestStore(name));
    await fill(store);
    expect((await rawRecallRows(name)).map((row) => [row.sessionId, row.position, row.end])).toEqual([
      ['s1', 0, 2],
      ['s1', 2, 4],
      ['s2', 0, 2],
      ['s2', 2, 4],
    ]);
    const stale = store.commitTurn({
      session: record('s1'),
      expected: { ...record('s1'), title: 'Not what is stored' },
      messages: [user('late', 'Never written')],
      plans: [],
      usage: [],
      retrievalSets: [],
    });
    await expect(stale).rejects.toBeInstanceOf(StaleSessionError);
    expect(await rawRecallRows(name)).toHaveLength(4);
  });

  test('a session read from a row per turn has its rows written again as a few, holding the same entries', async () => {
    const name = freshName();
    const store = track(await openTestStore(name));
    await store.createSession(record('s1'));
    const commitTurn = (turn: number) =>
      store.commitTurn({
        session: record('s1'),
        messages: [user(`u${turn}`, `Question ${turn} about Marzipan`), reply(`a${turn}`, `Answer ${turn}`)],
        plans: [],
        usage: [],
        retrievalSets: [],
      });
    for (let turn = 0; turn < 40; turn++) await commitTurn(turn);
    expect(await rawRecallRows(name)).toHaveLength(40);
    const first = await store.recallEntries(['s1']);
    expect(first.rebuilt).toEqual([]);
    expect(first.sessions.get('s1')?.entries).toEqual(await expectedEntries(store, 's1'));
    expect((await rawRecallRows(name)).map((row) => [row.position, row.end])).toEqual([
      [0, 64],
      [64, 80],
    ]);
    const again = await store.recallEntries(['s1']);
    expect(again.sessions).toEqual(first.sessions);
    await commitTurn(40);
    const after = await store.recallEntries(['s1']);
    expect(after.rebuilt).toEqual([]);
    expect(after.sessions.get('s1')?.entries).toEqual(await expectedEntries(store, 's1'));
    expect(await rawRecallRows(name)).toHaveLength(3);
  });

  test('deleting a session or turning its recall off deletes its rows, not just hides them', async () => {
    const name = freshName();
    const store = track(await openTestStore(name));
    await fill(store);
    await store.deleteSession('s1');
    await store.saveSession({ ...record('s2'), recall: false });
    expect(await rawRecallRows(name)).toEqual([]);
  });

  test('a malformed recall row is reported and set aside: its session is indexed from its messages, the others read', async () => {
    const name = freshName();
    const store = track(await openTestStore(name));
    await fill(store);
    const raw = track(await openRaw(name));
    await rawWrite(raw, ['recall'], (tx) => {
      tx.objectStore('recall').put({
        v: 1,
        sessionId: 's1',
        position: 2,
        end: 4,
        termsVersion: 1,
        entries: [{ id: 3 }],
      });
    });
    const { result, reported } = await withReported(() => store.recallEntries(['s1', 's2']));
    expect(reported).toHaveLength(1);
    expect(reported[0]).toBeInstanceOf(CorruptRecordError);
    expect((reported[0] as CorruptRecordError).where).toBe('recall row 2 of session s1');
    expect(result.rebuilt).toEqual(['s1']);
    expect(result.sessions.get('s1')?.entries).toEqual(await expectedEntries(store, 's1'));
    expect(result.sessions.get('s2')?.entries).toEqual(await expectedEntries(store, 's2'));
    // The malformed row was replaced by rows made from the messages: the next read reports nothing.
    const again = await withReported(() => store.recallEntries(['s1', 's2']));
    expect(again.reported).toEqual([]);
    expect(again.result.rebuilt).toEqual([]);
    expect(again.result.sessions).toEqual(result.sessions);
  });
});
