import { afterEach, describe, expect, test, vi } from 'vitest';
import { defineCatalog } from '../../catalog/index.js';
import { demoCatalog, testEngine } from '../../engine/engine.fixtures.js';
import {
  CorruptRecordError,
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
  ValidationError,
} from '../../errors/index.js';
import { type ChatMessage, newSessionRecord, type SessionRecord } from '../../session/index.js';
import type { StoreEvent, TurnCommit } from '../../store-types/index.js';
import { MemoryStore } from '../memory.js';
import { playScenario } from '../store-scenario.fixtures.js';
import { freshName, type IdbStore, openRaw, openTestStore, rawWrite } from './idb.fixtures.js';
import { requestPersistentStorage } from './persist.js';
import { SCHEMA_VERSION } from './schema.js';

const opened: { close(): void }[] = [];
function track<T extends { close(): void }>(handle: T): T {
  opened.push(handle);
  return handle;
}
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function store(name = freshName()): Promise<IdbStore> {
  return track(await openTestStore(name));
}

function record(id: string, title = 'Chat'): SessionRecord {
  return newSessionRecord(id, title, defineCatalog(demoCatalog), '2026-01-01T00:00:00.000Z');
}

function note(id: string): ChatMessage {
  return { id, role: 'system', content: `note ${id}`, createdAt: '2026-01-01T00:00:00.000Z' };
}

/** A turn that adds only notes (`ids`) to session `sessionId`. */
function notes(sessionId: string, ...ids: string[]): TurnCommit {
  return { session: record(sessionId), messages: ids.map(note), plans: [], usage: [], retrievalSets: [] };
}

function rawGetAll(db: IDBDatabase, name: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(name).objectStore(name).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

interface RawPlanRow {
  id: string;
  plan: { input: { history: unknown[]; pins: unknown[] } };
}

describe('IdbStore: plans stay linear', () => {
  test("a long session's plans keep history as a few runs of turn references, and each turn is stored once", async () => {
    const name = freshName();
    const idb = await store(name);
    const engine = await testEngine({ store: idb, contextWindow: 200_000 });
    const session = await engine.createSession();
    const plans = [];
    for (let i = 0; i < 70; i++) {
      const prepared = await session.prepare(`Question ${i}`);
      plans.push(prepared.plan);
      await session.commit(prepared, `Answer ${i}`);
      if (i === 20) await session.pin({ kind: 'message', messageId: session.messages[10]?.id as string });
    }
    const raw = track(await openRaw(name));
    const rows = (await rawGetAll(raw, 'plans')) as RawPlanRow[];
    expect(rows).toHaveLength(70);
    // Before the pin: one run. After it: the runs before and after the pinned turn, and the pinned turn itself.
    for (const row of rows) expect(row.plan.input.history.length).toBeLessThanOrEqual(2);
    expect(
      rows.every((row) => row.plan.input.history.every((entry) => !('candidate' in (entry as object)))),
    ).toBe(true);
    // Messages and turns are kept in segments: a few rows, not one per message.
    const turnRows = (await rawGetAll(raw, 'turns')) as { turns: unknown[] }[];
    expect(turnRows.flatMap((row) => row.turns)).toHaveLength(69);
    const messageRows = (await rawGetAll(raw, 'messages')) as { messages: ChatMessage[] }[];
    expect(messageRows.flatMap((row) => row.messages)).toEqual(session.messages);
    expect(messageRows.length).toBeLessThan(20);
    expect(turnRows.length).toBeLessThan(20);
    for (const plan of plans) expect(await engine.getPlan(plan.id)).toEqual(plan);
  });
});

describe('IdbStore: reload', () => {
  test('after closing and reopening, sessions, messages, pins, modes and plans are exactly as committed', async () => {
    const name = freshName();
    const first = await store(name);
    const { sessions, plans } = await playScenario(first);
    const records = sessions.map((session) => session.record);
    const transcripts = sessions.map((session) => session.messages);
    first.close();

    const reopened = await store(name);
    const engine = await testEngine({ store: reopened });
    expect((await engine.listSessions()).sort((a, b) => a.title.localeCompare(b.title))).toEqual(
      [...records].sort((a, b) => a.title.localeCompare(b.title)),
    );
    for (const [i, before] of records.entries()) {
      const session = await engine.openSession(before.id);
      expect(session.record).toEqual(before);
      expect(session.pins).toEqual(before.pins);
      expect(session.mode).toBe(before.mode);
      expect(session.messages).toEqual(transcripts[i]);
    }
    expect(records[0]?.pins.map((pin) => pin.kind)).toEqual(['sticky', 'ephemeral']);
    expect(records.map((entry) => entry.mode)).toEqual(['heavy', 'off']);
    for (const [id, plan] of plans) expect(await engine.getPlan(id)).toEqual(plan);

    // The reopened session goes on where it stopped, and its new plan replays too.
    const session = await engine.openSession(records[0]?.id as string);
    const prepared = await session.prepare('One more question');
    await session.commit(prepared, 'One more answer');
    expect(await engine.getPlan(prepared.plan.id)).toEqual(prepared.plan);
  });
});

describe('IdbStore: other tabs', () => {
  test('a store hears what another store on the same database changed, marked remote, and reads it', async () => {
    const name = freshName();
    const here = await store(name);
    const there = await store(name);
    const heard: StoreEvent[] = [];
    let arrived: () => void = () => undefined;
    const committed = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    there.subscribe((event) => {
      heard.push(event);
      if (event.type === 'turn-committed') arrived();
    });
    const engine = await testEngine({ store: here });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    // The other store reads the session first, so what it knows of it is stale after the commit.
    expect((await there.loadSession(session.id))?.messages).toEqual([]);
    const { messages } = await session.commit(prepared, 'hi');
    await committed;
    expect(heard.map((event) => [event.type, event.origin])).toEqual([
      ['session-saved', 'remote'],
      ['turn-committed', 'remote'],
    ]);
    expect(heard[1]).toMatchObject({
      sessionId: session.id,
      messageIds: messages.map((message) => message.id),
    });
    expect((await there.loadSession(session.id))?.messages).toEqual(messages);
    const other = await testEngine({ store: there });
    expect(await other.getPlan(prepared.plan.id)).toEqual(prepared.plan);
  });

  test('a commit based on what another tab has since changed is re-read and written after it, losing nothing', async () => {
    const name = freshName();
    const here = await store(name);
    const there = await store(name);
    await here.createSession(record('s1'));
    await there.loadSession('s1');
    await here.commitTurn(notes('s1', 'a'));
    await there.commitTurn(notes('s1', 'b'));
    expect((await here.loadSession('s1'))?.messages.map((message) => message.id)).toEqual(['a', 'b']);
  });
});

describe('IdbStore: unreadable records', () => {
  async function withCorruptMessage() {
    const name = freshName();
    const idb = await store(name);
    await idb.createSession(record('s1'));
    await idb.createSession(record('s2', 'Other'));
    await idb.commitTurn(notes('s1', 'a', 'b', 'c'));
    await idb.commitTurn(notes('s2', 'z'));
    const raw = track(await openRaw(name));
    await rawWrite(raw, ['messages'], (tx) => {
      tx.objectStore('messages').put({
        v: 1,
        sessionId: 's1',
        position: 0,
        messages: [note('a'), 'garbage', note('c')],
      });
    });
    return idb;
  }

  test('a corrupt message fails loading its session with an error naming it; other sessions stay readable', async () => {
    const idb = await withCorruptMessage();
    const failure = idb.loadSession('s1');
    await expect(failure).rejects.toBeInstanceOf(CorruptRecordError);
    await expect(failure).rejects.toMatchObject({ where: 'message 1 of session s1' });
    expect((await idb.listSessions()).map((entry) => entry.id).sort()).toEqual(['s1', 's2']);
    expect((await idb.loadSession('s2'))?.messages.map((message) => message.id)).toEqual(['z']);
    const salvaged = await idb.salvageSession('s1');
    expect(salvaged?.messages.map((message) => message.id)).toEqual(['a', 'c']);
    expect(salvaged?.problems.map((problem) => problem.where)).toEqual(['message 1 of session s1']);
  });

  test('a record written by a newer version is refused by name, and left out of the list (reported)', async () => {
    const name = freshName();
    const idb = await store(name);
    await idb.createSession(record('s1'));
    await idb.createSession(record('s2'));
    const raw = track(await openRaw(name));
    await rawWrite(raw, ['sessions'], (tx) => {
      tx.objectStore('sessions').put({ v: 7, id: 's2', future: true });
    });
    const reported: unknown[] = [];
    vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    expect((await idb.listSessions()).map((entry) => entry.id)).toEqual(['s1']);
    expect(reported).toEqual([expect.any(StoreVersionError)]);
    await expect(idb.loadSession('s2')).rejects.toMatchObject({
      where: 'session s2',
      found: 7,
      supported: 1,
    });
  });

  test('a plan whose stored turn was changed is refused by getPlan, not shown as history that did not happen', async () => {
    const name = freshName();
    const idb = await store(name);
    const { engine, plans } = await playScenario(idb, 3);
    const raw = track(await openRaw(name));
    type Turn = { shells: { tokens: number }[] };
    const rows = (await rawGetAll(raw, 'turns')) as { turns: Turn[] }[];
    await rawWrite(raw, ['turns'], (tx) => {
      for (const row of rows) {
        const turns = row.turns.map((turn) => ({
          ...turn,
          shells: turn.shells.map((shell) => ({ ...shell, tokens: 1 })),
        }));
        tx.objectStore('turns').put({ ...row, turns });
      }
    });
    const lastPlan = [...plans.keys()].at(-3) as string;
    const fresh = await testEngine({ store: track(await openTestStore(name)) });
    await expect(fresh.getPlan(lastPlan)).rejects.toBeInstanceOf(CorruptRecordError);
    expect(engine).toBeDefined();
  });

  test('a plan that refers to a turn that is not stored is refused by name', async () => {
    const name = freshName();
    const idb = await store(name);
    const { plans } = await playScenario(idb, 3);
    const raw = track(await openRaw(name));
    await rawWrite(raw, ['turns'], (tx) => {
      tx.objectStore('turns').clear();
    });
    const fresh = track(await openTestStore(name));
    const planId = [...plans.keys()].at(-3) as string;
    await expect(fresh.getPlan(planId)).rejects.toThrow(CorruptRecordError);
  });
});

describe('IdbStore: schema versions and other tabs', () => {
  /** The first schema: whole records, auto-increment keys, plans with their whole input. */
  async function createV1(name: string) {
    const memory = new MemoryStore();
    const { sessions, plans } = await playScenario(memory, 4);
    const db = await openRaw(name, 1, (raw) => {
      raw.createObjectStore('sessions', { keyPath: 'id' });
      raw.createObjectStore('messages', { autoIncrement: true }).createIndex('session', 'sessionId');
      raw.createObjectStore('plans', { keyPath: 'id' }).createIndex('session', 'sessionId');
      raw.createObjectStore('usage', { autoIncrement: true }).createIndex('session', 'sessionId');
    });
    const rows = await Promise.all(
      sessions.map(async (session) => ({
        record: session.record,
        messages: session.messages,
        plans: await memory.listPlans(session.id),
        usage: await memory.listUsage(session.id),
      })),
    );
    await rawWrite(db, ['sessions', 'messages', 'plans', 'usage'], (tx) => {
      for (const row of rows) {
        tx.objectStore('sessions').put(row.record);
        for (const message of row.messages)
          tx.objectStore('messages').put({ sessionId: row.record.id, message });
        for (const stored of row.plans) tx.objectStore('plans').put(stored);
        for (const report of row.usage) tx.objectStore('usage').put({ sessionId: row.record.id, report });
      }
    });
    return { db, rows, plans };
  }

  test('a version 1 database is upgraded in place: every session, message, plan and usage report is kept', async () => {
    const name = freshName();
    const { db, rows, plans } = await createV1(name);
    db.close();
    const idb = await store(name);
    const engine = await testEngine({ store: idb });
    for (const row of rows) {
      expect(await idb.loadSession(row.record.id)).toEqual({ record: row.record, messages: row.messages });
      expect(await idb.listUsage(row.record.id)).toEqual(row.usage);
      // Version 1 kept no order among the plans of one turn (a tool round's plans): the upgrade keeps turn order.
      const byTurn = (list: readonly { id: string; turnIndex: number }[]) =>
        list.map((p) => `${p.turnIndex}:${p.id}`).sort();
      const listed = await idb.listPlans(row.record.id);
      expect(byTurn(listed)).toEqual(byTurn(row.plans));
      expect(listed.map((p) => p.turnIndex)).toEqual(row.plans.map((p) => p.turnIndex));
    }
    for (const [id, plan] of plans) expect(await engine.getPlan(id)).toEqual(plan);
    // And the upgraded history is stored by reference.
    const raw = track(await openRaw(name));
    expect(raw.version).toBe(SCHEMA_VERSION);
    const planRows = (await rawGetAll(raw, 'plans')) as RawPlanRow[];
    expect(planRows.some((row) => row.plan.input.history.some((entry) => 'turns' in (entry as object)))).toBe(
      true,
    );
  });

  test('a malformed version 1 row is set aside and reported; the rest of the database is migrated and usable', async () => {
    const name = freshName();
    const { db, rows } = await createV1(name);
    await rawWrite(db, ['plans', 'messages'], (tx) => {
      tx.objectStore('plans').put({ id: 'broken', sessionId: rows[0]?.record.id, turnIndex: 0, input: null });
      tx.objectStore('messages').put({
        sessionId: rows[0]?.record.id,
        message: { id: 'm-x', role: 'assistant', createdAt: '2026-01-01T00:00:00.000Z' },
      });
    });
    db.close();
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const idb = await store(name);
      for (const row of rows)
        expect(await idb.loadSession(row.record.id)).toEqual({ record: row.record, messages: row.messages });
      expect(await idb.getPlan('broken')).toBeUndefined();
      // Nothing is lost: the rows it could not read are kept whole, with what was wrong.
      const quarantine = (await idb.getDocument('ctxkit.migration.quarantine')) as {
        problem: string;
        row: unknown;
      }[];
      expect(quarantine.map((entry) => entry.problem)).toEqual([
        'an assistant message without its reply',
        'it is not a stored plan',
      ]);
      expect(reported).toHaveLength(2);
      for (const error of reported) expect(error).toBeInstanceOf(CorruptRecordError);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
    const raw = track(await openRaw(name));
    expect(raw.version).toBe(SCHEMA_VERSION);
  });

  test('an upgrade blocked by a tab holding the old version fails with StoreBlockedError, and works once it closes', async () => {
    const name = freshName();
    const { db } = await createV1(name);
    const blocked = openTestStore(name);
    await expect(blocked).rejects.toBeInstanceOf(StoreBlockedError);
    db.close();
    const idb = await store(name);
    expect((await idb.listSessions()).length).toBe(2);
  });

  test('when another tab upgrades, this store lets go and later calls fail with StoreVersionError', async () => {
    const name = freshName();
    const onVersionChange = vi.fn();
    const idb = track(await openTestStore(name, { onVersionChange }));
    await idb.createSession(record('s1'));
    const newer = track(await openRaw(name, SCHEMA_VERSION + 1));
    expect(newer.version).toBe(SCHEMA_VERSION + 1);
    expect(onVersionChange).toHaveBeenCalledWith(expect.any(StoreVersionError));
    await expect(idb.loadSession('s1')).rejects.toBeInstanceOf(StoreVersionError);
    await expect(idb.commitTurn(notes('s1'))).rejects.toMatchObject({
      code: 'store_version',
      found: SCHEMA_VERSION + 1,
    });
  });

  test('a database created by a newer version is refused with StoreVersionError', async () => {
    const name = freshName();
    track(await openRaw(name, SCHEMA_VERSION + 3)).close();
    await expect(openTestStore(name)).rejects.toBeInstanceOf(StoreVersionError);
  });

  test('a closed store refuses every call with StoreClosedError', async () => {
    const idb = await openTestStore();
    idb.close();
    await expect(idb.listSessions()).rejects.toBeInstanceOf(StoreClosedError);
    await expect(idb.createSession(record('s1'))).rejects.toBeInstanceOf(StoreClosedError);
  });
});

describe('IdbStore: quota', () => {
  test('a commit refused for lack of space is a StorageQuotaError naming it, and nothing of it is kept', async () => {
    const idb = await store();
    await idb.createSession(record('s1'));
    await idb.commitTurn(notes('s1', 'a'));
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      if ((value as { messages?: { id?: string }[] }).messages?.some((message) => message.id === 'full'))
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });
    const turn = { session: { ...record('s1'), title: 'Changed' }, plans: [], usage: [], retrievalSets: [] };
    const failure = idb.commitTurn({
      ...turn,
      messages: [note('b'), note('full')],
      blobs: new Map([['h', 'x']]),
    });
    await expect(failure).rejects.toBeInstanceOf(StorageQuotaError);
    await expect(failure).rejects.toMatchObject({ where: 'commit of a turn to session s1' });
    vi.restoreAllMocks();
    const loaded = await idb.loadSession('s1');
    expect(loaded?.record.title).toBe('Chat');
    expect(loaded?.messages.map((message) => message.id)).toEqual(['a']);
    expect(await idb.getBlob('h')).toBeUndefined();
    await idb.commitTurn({ ...turn, messages: [note('b')] });
    expect((await idb.loadSession('s1'))?.messages.map((message) => message.id)).toEqual(['a', 'b']);
  });
});

describe('IdbStore: export, import, delete', () => {
  async function filled(name = freshName()) {
    const idb = await store(name);
    const committed = await playScenario(idb, 4);
    const [a, b] = committed.sessions as [(typeof committed.sessions)[0], (typeof committed.sessions)[0]];
    const blobs = (blobs: [string, string][]) => ({
      session: a?.record as SessionRecord,
      messages: [],
      plans: [],
      usage: [],
      retrievalSets: [],
      blobs: new Map(blobs),
    });
    await idb.commitTurn(blobs([['h1', 'data:image/png;base64,AAAA']]));
    await idb.commitTurn({
      ...blobs([['h1', 'data:image/png;base64,AAAA']]),
      session: b?.record as SessionRecord,
    });
    await idb.commitTurn(blobs([['h2', 'a long tool output']]));
    await idb.putEmbeddings('model-a', new Map([['c1', Float32Array.of(0.25, -1.5, Math.PI)]]));
    await idb.putDocument('calibration', { ratio: 1.07 });
    return { idb, ...committed };
  }

  const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

  test('export → import into an empty store → export again gives the same data, and every plan replays', async () => {
    const { idb, plans } = await filled();
    const exported = asJson(await idb.exportAll());
    expect(exported.sessions).toHaveLength(2);
    expect(exported.embeddings).toEqual([{ modelId: 'model-a', hash: 'c1', vector: expect.any(String) }]);
    const target = await store();
    await target.importData(exported);
    expect(asJson(await target.exportAll())).toEqual(exported);
    const engine = await testEngine({ store: target });
    for (const [id, plan] of plans) expect(await engine.getPlan(id)).toEqual(plan);
    const vector = (await target.getEmbeddings('model-a', ['c1'])).get('c1');
    expect([...(vector ?? [])]).toEqual([...Float32Array.of(0.25, -1.5, Math.PI)]);
    expect(await target.getDocument('calibration')).toEqual({ ratio: 1.07 });
    expect(await target.getBlob('h2')).toBe('a long tool output');
  });

  test('one session exports with its blobs and imports on its own', async () => {
    const { idb, sessions } = await filled();
    const id = sessions[1]?.id as string;
    const exported = asJson(await idb.exportSession(id));
    expect(exported.sessions.map((session: { record: SessionRecord }) => session.record.id)).toEqual([id]);
    expect(exported.blobs).toEqual([{ hash: 'h1', content: 'data:image/png;base64,AAAA' }]);
    const target = await store();
    await target.importData(exported);
    expect(asJson(await target.exportSession(id))).toEqual(exported);
    expect(await target.loadSession(id)).toEqual(await idb.loadSession(id));
  });

  test('an import that clashes with stored sessions, or is malformed, or too new, writes nothing', async () => {
    const { idb } = await filled();
    const exported = asJson(await idb.exportAll());
    const target = await store();
    await target.createSession(exported.sessions[0].record);
    await expect(target.importData(exported)).rejects.toBeInstanceOf(ValidationError);
    expect(await target.listSessions()).toHaveLength(1);
    expect(await target.getBlob('h1')).toBeUndefined();
    const session = exported.sessions[1];
    const broken = {
      ...exported,
      sessions: [{ ...session, messages: [{ role: 'user' }, ...session.messages.slice(1)] }],
    };
    await expect(target.importData(broken)).rejects.toMatchObject({
      issues: [{ path: 'sessions[0].messages[0]', message: 'must be a message with an id and a role' }],
    });
    const first = exported.sessions[0];
    const shortened = { ...exported, sessions: [{ ...first, turns: first.turns.slice(0, 1) }] };
    await expect(target.importData(shortened)).rejects.toMatchObject({
      issues: expect.arrayContaining([
        {
          path: `sessions[0].plans[${first.plans.length - 1}]`,
          message: 'refers to turns beyond the 1 exported',
        },
      ]),
    });
    await expect(target.importData({ ...exported, version: 2 })).rejects.toBeInstanceOf(StoreVersionError);
    await expect(target.importData({ hello: 'world' })).rejects.toBeInstanceOf(ValidationError);
    expect(await target.listSessions()).toHaveLength(1);
  });

  test('deleting a session deletes the blobs only it referred to', async () => {
    const { idb, sessions } = await filled();
    await idb.deleteSession(sessions[0]?.id as string);
    expect(await idb.getBlob('h1')).toBe('data:image/png;base64,AAAA');
    expect(await idb.getBlob('h2')).toBeUndefined();
    await idb.deleteSession(sessions[1]?.id as string);
    expect(await idb.getBlob('h1')).toBeUndefined();
  });

  test('deleting everything leaves an empty store and announces each session', async () => {
    const { idb, sessions } = await filled();
    const events: StoreEvent[] = [];
    idb.subscribe((event) => events.push(event));
    await idb.deleteAll();
    expect(events.map((event) => [event.type, event.sessionId]).sort()).toEqual(
      sessions.map((session) => ['session-deleted', session.id]).sort(),
    );
    expect(asJson(await idb.exportAll())).toEqual({
      format: 'ctxkit-store',
      version: 1,
      sessions: [],
      blobs: [],
      embeddings: [],
      documents: [],
    });
  });
});

describe('requestPersistentStorage', () => {
  test('asks the browser once, and says what it got', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
    expect(await requestPersistentStorage()).toBe('persisted');
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false } });
    expect(await requestPersistentStorage()).toBe('denied');
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist } });
    expect(await requestPersistentStorage()).toBe('persisted');
    expect(persist).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe('unsupported');
  });
});

describe('IdbStore: rows that parse but are wrong', () => {
  test('a session record with pins that are not a list is refused by name when loaded, not in a later prepare', async () => {
    const name = freshName();
    const idb = await store(name);
    await idb.createSession(record('s1'));
    await idb.createSession(record('s2'));
    const raw = track(await openRaw(name));
    const rows = (await rawGetAll(raw, 'sessions')) as { id: string; record: object }[];
    const bad = rows.find((row) => row.id === 's1') as { record: object };
    await rawWrite(raw, ['sessions'], (tx) => {
      tx.objectStore('sessions').put({ ...bad, record: { ...bad.record, pins: 'none' } });
    });
    const failure = idb.loadSession('s1');
    await expect(failure).rejects.toBeInstanceOf(CorruptRecordError);
    await expect(failure).rejects.toMatchObject({
      where: 'session s1',
      message: expect.stringMatching(/pins is not a list/),
    });
    expect((await idb.loadSession('s2'))?.record.id).toBe('s2');
  });

  test('an assistant message without its reply is refused by name when loaded', async () => {
    const name = freshName();
    const idb = await store(name);
    await idb.createSession(record('s1'));
    const raw = track(await openRaw(name));
    await rawWrite(raw, ['messages'], (tx) => {
      tx.objectStore('messages').put({
        v: 1,
        sessionId: 's1',
        position: 0,
        messages: [{ id: 'r', role: 'assistant', createdAt: '2026-01-01T00:00:00.000Z' }],
      });
    });
    await expect(idb.loadSession('s1')).rejects.toMatchObject({
      where: 'message 0 of session s1',
      message: expect.stringMatching(/an assistant message without its reply/),
    });
  });
});
