import { describe, expect, test, vi } from 'vitest';
import { CorruptRecordError } from '../errors/index.js';
import type { ContextPlan, RecallCandidate } from '../planner/index.js';
import { freshName, openRaw, rawWrite, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { createV2, rawGetAll } from '../store/idb/v2.fixtures.js';
import { MemoryStore, type Store } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

// Recall's index filled from the entries stores keep with each turn: a reload and a second tab read them instead of
// tokenizing every message again. Runs on fake-indexeddb in Node and on Chromium's IndexedDB.

const open = storesClosedAfterEach();

/** A small window, so that a chat of a few turns no longer carries its first one in history. */
function engineOn(store: Store, options = {}) {
  let id = 0;
  const prefix = `e${Math.random().toString(36).slice(2, 8)}-`;
  return testEngine({
    store,
    contextWindow: 1_400,
    reservedOutput: 200,
    newId: () => `${prefix}${++id}`,
    ...options,
  });
}

/**
 * The store as the engine would use it, with what recall asks of it counted: `loaded` lists the sessions read whole
 * (the path that tokenizes their messages), `rebuilt` those the store had to index from messages.
 */
function observed(store: Store) {
  const loaded: string[] = [];
  const rebuilt: string[] = [];
  let entryReads = 0;
  const proxy = new Proxy(store, {
    get(target, property) {
      if (property === 'loadSession')
        return (sessionId: string) => {
          loaded.push(sessionId);
          return target.loadSession(sessionId);
        };
      if (property === 'recallEntries')
        return async (sessionIds: readonly string[]) => {
          entryReads += 1;
          const read = await target.recallEntries?.(sessionIds);
          rebuilt.push(...(read?.rebuilt ?? []));
          return read;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: proxy, loaded, rebuilt, entryReads: () => entryReads };
}

const FILLER = 'We talked about the weather, the garden and the long drive home that evening.';
const QUESTION = 'Is Marzipan afraid of anything?';

/** A chat whose first turn holds a fact, then a few unrelated turns; returns the fact's message id. */
async function chatWithFact(
  session: Session,
  fact = 'My cat is called Marzipan and she is afraid of thunderstorms.',
) {
  const { messages } = await session.commit(
    await session.prepare(fact),
    'Marzipan is a lovely name for a cat.',
  );
  for (let i = 0; i < 2; i++)
    await session.commit(await session.prepare(`${FILLER} (${i})`), `${FILLER} [${i}]`);
  return messages[0]?.id as string;
}

/** The message ids of each passage recalled for `text` in a new session, in order. */
async function recalledFor(
  engine: Awaited<ReturnType<typeof engineOn>>,
  text = QUESTION,
): Promise<string[][]> {
  const session = await engine.createSession();
  const prepared = await session.prepare(text);
  session.rollback(prepared);
  return recalled(prepared.plan);
}

function recalled(plan: ContextPlan): string[][] {
  return plan.included
    .filter((entry) => entry.candidate.kind === 'recall')
    .map((entry) => [...(entry.candidate as RecallCandidate).messageIds]);
}

async function rawRecallRows(name: string): Promise<{ sessionId: string; entries: { text: string }[] }[]> {
  const raw = await openRaw(name);
  try {
    return (await rawGetAll(raw, 'recall')) as { sessionId: string; entries: { text: string }[] }[];
  } finally {
    raw.close();
  }
}

describe('recall from stored entries', () => {
  test('a reload loads the index from the stored entries, reads no session whole, and recalls the same passages', async () => {
    const name = freshName();
    const before = await engineOn(await open(name));
    const source = await before.createSession();
    const factId = await chatWithFact(source);
    await chatWithFact(await before.createSession(), 'The garden shed is painted green and smells of cedar.');
    const expected = await recalledFor(before);
    expect(expected.flat()).toContain(factId);
    open.closeAll();

    const tab = observed(await open(name));
    const after = await engineOn(tab.store);
    expect(await recalledFor(after)).toEqual(expected);
    expect(tab.entryReads()).toBeGreaterThan(0);
    expect(tab.rebuilt).toEqual([]);
    expect(tab.loaded).not.toContain(source.id);
  });

  test('on a MemoryStore, a second engine reads the entries too, and recalls the same', async () => {
    const store = new MemoryStore();
    const first = await engineOn(store);
    const factId = await chatWithFact(await first.createSession());
    const expected = await recalledFor(first);
    expect(expected.flat()).toContain(factId);
    const seen = observed(store);
    expect(await recalledFor(await engineOn(seen.store))).toEqual(expected);
    expect(seen.rebuilt).toEqual([]);
    expect(seen.loaded).toEqual([]);
  });

  test('a turn committed while the stored entries are being read is read again before the next request', async () => {
    const store = new MemoryStore();
    let reading = false;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The store answers at once; the answer reaches recall only once released, after the commit below.
    const slow = new Proxy(store, {
      get(target, property) {
        if (property === 'recallEntries')
          return async (sessionIds: readonly string[]) => {
            const read = await target.recallEntries(sessionIds);
            reading = true;
            await held;
            return read;
          };
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const engine = await engineOn(slow);
    const writer = await engine.createSession();
    await writer.setMode('off'); // its own requests recall nothing, so only the first request below reads
    const asking = await engine.createSession();
    const first = asking.prepare(QUESTION);
    await vi.waitFor(() => expect(reading).toBe(true));
    const factId = await chatWithFact(writer);
    release();
    asking.rollback(await first);
    expect((await recalledFor(engine)).flat()).toContain(factId);
  });

  test('two tabs on one database: a turn committed in one is recalled in the other, from its entries', async () => {
    const name = freshName();
    const here = await engineOn(await open(name));
    const thereTab = observed(await open(name));
    const there = await engineOn(thereTab.store);
    expect(await recalledFor(there)).toEqual([]);
    const source = await here.createSession();
    const factId = await chatWithFact(source);
    await vi.waitFor(async () => expect((await recalledFor(there)).flat()).toContain(factId));
    expect(thereTab.loaded).not.toContain(source.id);
    expect(thereTab.rebuilt).toEqual([]);
  });

  test('a version 2 database is indexed from its messages once; its rows are written then, and the next reload reads them', async () => {
    const name = freshName();
    let factId = '';
    let sourceId = '';
    await createV2(name, async (store) => {
      const engine = await engineOn(store);
      const source = await engine.createSession();
      sourceId = source.id;
      factId = await chatWithFact(source);
    });
    const v2 = await openRaw(name);
    expect(v2.version).toBe(2);
    expect([...v2.objectStoreNames]).not.toContain('recall');
    v2.close();
    const first = observed(await open(name));
    expect((await recalledFor(await engineOn(first.store))).flat()).toContain(factId);
    expect(first.rebuilt).toEqual([sourceId]);
    expect((await rawRecallRows(name)).map((row) => row.sessionId)).toContain(sourceId);
    open.closeAll();

    const second = observed(await open(name));
    expect((await recalledFor(await engineOn(second.store))).flat()).toContain(factId);
    expect(second.rebuilt).toEqual([]);
    expect(second.loaded).not.toContain(sourceId);
  });

  test('retention and deletion delete the rows of the sessions they delete; a reload recalls nothing of them', async () => {
    const name = freshName();
    const now = { at: new Date(Date.UTC(2026, 0, 1)) };
    const engine = await engineOn(await open(name), { now: () => now.at });
    const old = await engine.createSession();
    await chatWithFact(old);
    now.at = new Date(Date.UTC(2026, 2, 1));
    const deleted = await engine.createSession();
    await chatWithFact(deleted, 'Marzipan hides under the bed when thunder comes.');
    const kept = await engine.createSession();
    const keptId = await chatWithFact(kept, 'Marzipan once slept through a whole thunderstorm.');
    expect((await engine.deleteSessionsOlderThan(30)).map((record) => record.id)).toEqual([old.id]);
    await engine.deleteSession(deleted.id);
    expect(new Set((await rawRecallRows(name)).map((row) => row.sessionId))).toEqual(new Set([kept.id]));
    open.closeAll();

    const reloaded = observed(await open(name));
    const passages = (await recalledFor(await engineOn(reloaded.store, { now: () => now.at }))).flat();
    expect(passages).toContain(keptId);
    expect(passages.every((id) => kept.messages.some((message) => message.id === id))).toBe(true);
    expect(reloaded.entryReads()).toBeGreaterThan(0);
    expect(reloaded.rebuilt).toEqual([]);
  });

  test("a deleted turn's entries leave the rows; a forgotten passage stays in them but never loads", async () => {
    const name = freshName();
    const engine = await engineOn(await open(name));
    const erasedIn = await engine.createSession();
    const erasedId = await chatWithFact(erasedIn, 'My cat Marzipan is afraid of the vacuum cleaner.');
    const forgottenIn = await engine.createSession();
    const forgottenId = await chatWithFact(forgottenIn, 'Marzipan is afraid of thunderstorms and fireworks.');
    await erasedIn.deleteTurn(erasedId);
    await engine.forgetRecalled({ messageIds: [forgottenId] });
    const texts = (await rawRecallRows(name)).flatMap((row) => row.entries.map((entry) => entry.text));
    expect(texts.join('\n')).not.toContain('vacuum cleaner');
    expect(texts.join('\n')).toContain('fireworks');
    expect((await recalledFor(engine)).flat()).not.toContain(erasedId);
    open.closeAll();

    const reloaded = observed(await open(name));
    const passages = (await recalledFor(await engineOn(reloaded.store))).flat();
    expect(passages).not.toContain(erasedId);
    expect(passages).not.toContain(forgottenId);
    expect(reloaded.entryReads()).toBeGreaterThan(0);
    expect(reloaded.rebuilt).toEqual([]);
  });

  test('private sessions and sessions without memory write no rows, and are not recalled after a reload', async () => {
    const name = freshName();
    const engine = await engineOn(await open(name));
    const hidden = await engine.createSession({ private: true });
    await chatWithFact(hidden, 'Marzipan the cat is afraid of the postman.');
    const quiet = await engine.createSession({ memory: false });
    await chatWithFact(quiet, 'Marzipan the cat is afraid of the neighbour.');
    const rows = await rawRecallRows(name);
    expect(rows.filter((row) => row.sessionId === hidden.id || row.sessionId === quiet.id)).toEqual([]);
    expect(JSON.stringify(rows)).not.toContain('postman');
    expect(JSON.stringify(rows)).not.toContain('neighbour');
    open.closeAll();
    expect(await recalledFor(await engineOn(await open(name)))).toEqual([]);
  });

  test('a malformed row is reported and its session indexed from its messages; nothing else is lost', async () => {
    const name = freshName();
    const engine = await engineOn(await open(name));
    const damaged = await engine.createSession();
    const damagedId = await chatWithFact(damaged);
    const intact = await engine.createSession();
    const intactId = await chatWithFact(intact, 'Marzipan is afraid of thunderstorms and of the dark.');
    open.closeAll();
    const raw = await openRaw(name);
    await rawWrite(raw, ['recall'], (tx) => {
      tx.objectStore('recall').put({
        v: 1,
        sessionId: damaged.id,
        position: 0,
        end: 2,
        termsVersion: 1,
        entries: 'lost',
      });
    });
    raw.close();

    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const reloaded = observed(await open(name));
      const passages = (await recalledFor(await engineOn(reloaded.store))).flat();
      expect(passages).toEqual(expect.arrayContaining([damagedId, intactId]));
      expect(reloaded.rebuilt).toEqual([damaged.id]);
      expect(reported).toHaveLength(1);
      expect((reported[0] as CorruptRecordError).where).toBe(`recall row 0 of session ${damaged.id}`);
      expect(reported[0]).toBeInstanceOf(CorruptRecordError);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });
});
