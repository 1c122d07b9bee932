import { afterEach, describe, expect, test, vi } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { demoCatalog, testEngine } from '../engine/engine.fixtures.js';
import { isCtxkitError, NotFoundError } from '../errors/index.js';
import type { ChatMessage, SessionRecord } from '../session/index.js';
import { newSessionRecord } from '../session/index.js';
import type { Store, StoredPlan, StoreEvent } from '../store-types/index.js';
import { describeRecallContract } from './recall-contract.fixtures.js';
import { playScenario } from './store-scenario.fixtures.js';

/** Makes a new, empty store; `close` (if the store has one) is called after each test. */
export type MakeStore = () => Promise<Store>;

function record(id: string, title = 'Chat'): SessionRecord {
  return newSessionRecord(id, title, defineCatalog(demoCatalog), '2026-01-01T00:00:00.000Z');
}

function note(id: string, content = 'a note'): ChatMessage {
  return { id, role: 'system', content, createdAt: '2026-01-01T00:00:00.000Z' };
}

function bareCommit(session: SessionRecord, messages: ChatMessage[]) {
  return { session, messages, plans: [], usage: [], retrievalSets: [] };
}

/**
 * The behaviour every Store must have, MemoryStore's being the reference. Run against each implementation (and in
 * Node and Chromium), so a store passing it can stand in for any other.
 */
export function describeStoreContract(name: string, makeStore: MakeStore): void {
  describe(`${name} (store contract)`, () => {
    const opened: Store[] = [];
    const open = async () => {
      const store = await makeStore();
      opened.push(store);
      return store;
    };
    afterEach(() => {
      for (const store of opened.splice(0)) (store as { close?: () => void }).close?.();
    });

    describeRecallContract(open);

    test('a session is created, read back, listed and replaced whole', async () => {
      const store = await open();
      const first = record('s1', 'First');
      await store.createSession(first);
      await store.createSession(record('s2', 'Second'));
      expect(await store.loadSession('s1')).toEqual({ record: first, messages: [] });
      const renamed = { ...first, title: 'Renamed', mode: 'heavy' as const };
      await store.saveSession(renamed);
      expect((await store.loadSession('s1'))?.record).toEqual(renamed);
      expect((await store.listSessions()).map((entry) => entry.title).sort()).toEqual(['Renamed', 'Second']);
      expect(await store.loadSession('nope')).toBeUndefined();
    });

    test('creating a session that exists fails and keeps the one stored', async () => {
      const store = await open();
      await store.createSession(record('s1', 'Original'));
      const refused = await store.createSession(record('s1', 'Impostor')).catch((error: unknown) => error);
      expect(isCtxkitError(refused, 'session_exists') && refused.sessionId).toBe('s1');
      expect((await store.loadSession('s1'))?.record.title).toBe('Original');
    });

    test('a deleted session cannot be saved or committed to again, and nothing of it comes back', async () => {
      const store = await open();
      await store.createSession(record('s1'));
      await store.deleteSession('s1');
      await expect(store.saveSession(record('s1'))).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.commitTurn(bareCommit(record('s1'), [note('n1')]))).rejects.toBeInstanceOf(
        NotFoundError,
      );
      expect(await store.loadSession('s1')).toBeUndefined();
      expect(await store.listSessions()).toEqual([]);
    });

    test('records are kept whole, with fields this version does not know of', async () => {
      const store = await open();
      const extended = {
        ...record('s1'),
        branches: [{ id: 'main', head: null }],
        privacy: { mode: 'memory' },
      };
      await store.createSession(extended);
      const message = { ...note('n1'), branchId: 'main', pinnedBy: ['p1'] } as unknown as ChatMessage;
      await store.commitTurn(bareCommit({ ...extended, turnCount: 0 }, [message]));
      const loaded = await store.loadSession('s1');
      expect(loaded?.record).toEqual(extended);
      expect(loaded?.messages).toEqual([message]);
    });

    test('messages come back in the order they were committed, across commits', async () => {
      const store = await open();
      await store.createSession(record('s1'));
      await store.commitTurn(bareCommit(record('s1'), [note('a'), note('b')]));
      await store.commitTurn(bareCommit(record('s1'), [note('c')]));
      expect((await store.loadSession('s1'))?.messages.map((message) => message.id)).toEqual(['a', 'b', 'c']);
    });

    test('every plan the engine committed replays to the identical plan, through getPlan with verification', async () => {
      const store = await open();
      const { engine, sessions, plans } = await playScenario(store);
      expect(plans.size).toBeGreaterThan(8);
      for (const [id, plan] of plans) expect(await engine.getPlan(id)).toEqual(plan);
      // A new engine on the same store has no cached session: everything comes from the store.
      const fresh = await testEngine({ store });
      for (const [id, plan] of plans) expect(await fresh.getPlan(id)).toEqual(plan);
      const [a, b] = sessions;
      const listed = await store.listPlans(a?.id as string);
      expect(listed.map((stored) => stored.id)).toEqual([...plans.keys()].slice(0, listed.length));
      expect((await store.listPlans(b?.id as string)).map((stored) => stored.turnIndex)).toEqual([0, 1]);
      expect((await store.listUsage(a?.id as string)).map((report) => report.actualInputTokens)).toEqual([
        90,
        120,
        ...Array.from({ length: listed.length - 2 }, () => null),
      ]);
    });

    test('a plan whose history is not made of stored turns comes back exactly as it was given', async () => {
      const store = await open();
      const { engine, sessions, plans } = await playScenario(store, 2);
      const session = sessions[0];
      const [planId] = plans.keys();
      const stored = (await store.getPlan(planId as string)) as StoredPlan;
      const foreignTurn = {
        ...(stored.input.history[0] ?? stored.input.pins.find((pin) => pin.kind === 'turn')),
        kind: 'turn' as const,
        id: 'turn:elsewhere',
        section: 'history' as const,
        tokens: 7,
        hash: 'not-checked-by-the-store',
        turnIndex: 0,
        messages: [note('x1', 'from another session')],
      };
      const odd: StoredPlan = {
        id: 'odd-plan',
        sessionId: session?.id as string,
        turnIndex: 9,
        input: { ...stored.input, history: [foreignTurn, ...stored.input.history], pins: [foreignTurn] },
      };
      await store.commitTurn({ ...bareCommit(session?.record as SessionRecord, []), plans: [odd] });
      expect(await store.getPlan('odd-plan')).toEqual(odd);
      expect(await engine.getPlan(planId as string)).toEqual(plans.get(planId as string));
    });

    test('a turn commit is announced once, after everything it wrote can be read', async () => {
      const store = await open();
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      const reads: Promise<unknown>[] = [];
      const events: StoreEvent[] = [];
      store.subscribe((event) => {
        events.push(event);
        if (event.type === 'turn-committed')
          reads.push(
            Promise.all([store.loadSession(event.sessionId), store.getPlan(event.planIds[0] as string)]),
          );
      });
      const prepared = await session.prepare('hello');
      const { messages } = await session.commit(prepared, 'hi');
      expect(events.map(({ origin: _origin, ...event }) => event)).toEqual([
        {
          type: 'turn-committed',
          sessionId: session.id,
          messageIds: messages.map((message) => message.id),
          planIds: [prepared.plan.id],
        },
      ]);
      expect(events.every((event) => event.origin !== 'remote')).toBe(true);
      const [loaded, plan] = (await reads[0]) as [{ messages: ChatMessage[] }, StoredPlan];
      expect(loaded.messages).toEqual(messages);
      expect(plan.id).toBe(prepared.plan.id);
    });

    test('erased messages stay in place unseen: the others read back in order, with the record, announced', async () => {
      const store = await open();
      const first = record('s1');
      await store.createSession(first);
      for (const batch of [['a', 'b'], ['c'], ['d', 'e']])
        await store.commitTurn(
          bareCommit(
            first,
            batch.map((id) => note(id, `note ${id}`)),
          ),
        );
      const events: StoreEvent[] = [];
      store.subscribe((event) => events.push(event));
      const after = { ...first, title: 'After' };
      await store.eraseMessages({
        session: after,
        expected: first,
        messages: [
          { ...note('b', ''), erased: true },
          { ...note('d', ''), erased: true },
        ],
      });
      const loaded = await store.loadSession('s1');
      expect(
        loaded?.messages.map((message) => `${message.id}:${(message as { content: string }).content}`),
      ).toEqual(['a:note a', 'c:note c', 'e:note e']);
      expect(loaded?.record).toEqual(after);
      expect(events.map(({ origin: _origin, ...event }) => event)).toEqual([
        { type: 'messages-erased', sessionId: 's1', messageIds: ['b', 'd'] },
      ]);
      // Later commits go on after them.
      await store.commitTurn(bareCommit(after, [note('f')]));
      expect((await store.loadSession('s1'))?.messages.map((message) => message.id)).toEqual([
        'a',
        'c',
        'e',
        'f',
      ]);
    });

    test('an erasure that is stale, names an unknown message or is not marked erased writes nothing', async () => {
      const store = await open();
      const first = record('s1');
      await store.createSession(first);
      await store.commitTurn(bareCommit(first, [note('a'), note('b')]));
      const erasedB = { ...note('b', ''), erased: true as const };
      await expect(
        store.eraseMessages({ session: first, expected: record('s1', 'Other'), messages: [erasedB] }),
      ).rejects.toMatchObject({ code: 'stale_session' });
      await expect(
        store.eraseMessages({ session: first, messages: [erasedB, { ...note('zz', ''), erased: true }] }),
      ).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.eraseMessages({ session: first, messages: [note('b', '')] })).rejects.toMatchObject({
        code: 'invalid_input',
      });
      await expect(
        store.eraseMessages({ session: record('nope'), messages: [erasedB] }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect((await store.loadSession('s1'))?.messages.map((message) => message.id)).toEqual(['a', 'b']);
    });

    test('a deleted turn is gone after a reload, and plans made before and after it still read back', async () => {
      const store = await open();
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      const turns = [];
      for (const text of ['How do I log errors?', 'Which table holds invoices?', 'Why is the query slow?'])
        turns.push(await session.commit(await session.prepare(text), `About: ${text}`));
      const second = turns[1]?.messages[0]?.id as string;
      await session.deleteTurn(second);
      expect(session.messages.map((message) => message.id)).not.toContain(second);
      const next = await session.prepare('And the index?');
      expect(JSON.stringify(next.request)).not.toContain('Which table holds invoices?');
      await session.commit(next, 'Add one.');
      const reopened = await (await testEngine({ store })).openSession(session.id);
      expect(reopened.messages.map((message) => message.role === 'user' && message.content)).toEqual([
        'How do I log errors?',
        false,
        'Why is the query slow?',
        false,
        'And the index?',
        false,
      ]);
      expect(reopened.record.turnCount).toBe(3);
      for (const { assistantMessage } of turns) {
        const planId = assistantMessage.requestContext?.planId as string;
        expect((await store.getPlan(planId))?.id).toBe(planId);
      }
    });

    test('every change is announced once; deleting what is not there announces nothing', async () => {
      const store = await open();
      const events: StoreEvent['type'][] = [];
      const unsubscribeLate = store.subscribe(() => undefined);
      store.subscribe((event) => events.push(event.type));
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      await session.setTitle('Renamed');
      await session.commit(await session.prepare('hello'), 'hi');
      await engine.deleteSession(session.id);
      await engine.deleteSession(session.id);
      await store.deleteSession('never-existed');
      unsubscribeLate();
      expect(events).toEqual(['session-saved', 'session-saved', 'turn-committed', 'session-deleted']);
    });

    test('an unsubscribed listener hears nothing more, and one that throws cannot fail the write', async () => {
      const store = await open();
      const reported: unknown[] = [];
      vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
      try {
        const heard: StoreEvent[] = [];
        const unsubscribe = store.subscribe((event) => heard.push(event));
        store.subscribe(() => {
          throw new Error('listener bug');
        });
        await store.createSession(record('s1'));
        unsubscribe();
        await store.saveSession(record('s1', 'Renamed'));
        expect(heard).toHaveLength(1);
        expect(reported).toEqual([new Error('listener bug'), new Error('listener bug')]);
        expect((await store.loadSession('s1'))?.record.title).toBe('Renamed');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    test('deleting a session deletes its messages, plans, usage and retrieval sets, and no other session', async () => {
      const store = await open();
      const { engine, sessions, plans } = await playScenario(store, 3);
      const [a, b] = sessions as [NonNullable<(typeof sessions)[0]>, NonNullable<(typeof sessions)[0]>];
      const aPlans = (await store.listPlans(a.id)).map((stored) => stored.id);
      const setIds = (await store.listPlans(a.id)).flatMap((stored) => stored.input.retrievalSetId ?? []);
      expect(setIds.length).toBeGreaterThan(0);
      await engine.deleteSession(a.id);
      for (const id of aPlans) expect(await store.getPlan(id)).toBeUndefined();
      for (const id of setIds) expect(await store.getRetrievalSet(id)).toBeUndefined();
      expect(await store.listPlans(a.id)).toEqual([]);
      expect(await store.listUsage(a.id)).toEqual([]);
      expect(await store.loadSession(a.id)).toBeUndefined();
      expect((await store.listSessions()).map((entry) => entry.id)).toEqual([b.id]);
      for (const stored of await store.listPlans(b.id))
        expect(await engine.getPlan(stored.id)).toEqual(plans.get(stored.id));
    });

    test('what a read returns is a snapshot: later writes do not change it, and changing it changes nothing stored', async () => {
      const store = await open();
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      await session.commit(await session.prepare('hello'), 'hi');
      const loaded = await store.loadSession(session.id);
      const plans = await store.listPlans(session.id);
      const usage = await store.listUsage(session.id);
      const sessionsBefore = await store.listSessions();
      await session.commit(await session.prepare('again'), 'ok');
      expect(loaded?.messages).toHaveLength(2);
      expect(plans).toHaveLength(1);
      expect(usage).toHaveLength(1);
      expect(sessionsBefore[0]?.turnCount).toBe(1);
      (loaded?.messages as ChatMessage[]).length = 0;
      plans.length = 0;
      usage.length = 0;
      expect((await store.loadSession(session.id))?.messages).toHaveLength(4);
      expect(await store.listPlans(session.id)).toHaveLength(2);
      expect(await store.listUsage(session.id)).toHaveLength(2);
    });

    test('embeddings are found by model id and content hash, and kept as copies', async () => {
      const store = await open();
      const vector = Float32Array.of(0.6, 0.8);
      await store.putEmbeddings('model-a', new Map([['h1', vector]]));
      vector[0] = 0;
      const found = await store.getEmbeddings('model-a', ['h1', 'h2']);
      expect([...found.keys()]).toEqual(['h1']);
      expect(found.get('h1')).toBeInstanceOf(Float32Array);
      expect([...(found.get('h1') ?? [])]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
      expect((await store.getEmbeddings('model-b', ['h1'])).size).toBe(0);
      await store.putEmbeddings('model-a', new Map([['h1', Float32Array.of(1)]]));
      expect([...((await store.getEmbeddings('model-a', ['h1'])).get('h1') ?? [])]).toEqual([1]);
    });

    test('documents are replaced whole and kept as copies', async () => {
      const store = await open();
      const value = { counts: [1, 2] };
      await store.putDocument('evidence', value);
      value.counts.push(3);
      expect(await store.getDocument('evidence')).toEqual({ counts: [1, 2] });
      await store.putDocument('evidence', { counts: [] });
      expect(await store.getDocument('evidence')).toEqual({ counts: [] });
      expect(await store.getDocument('missing')).toBeUndefined();
    });

    test('a turn keeps the retrieval set its plans reference', async () => {
      const store = await open();
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      const prepared = await session.prepare('how do I read a file?');
      const set = prepared.retrievalSet;
      if (!set) throw new Error('the test engine has a selector');
      expect(await store.getRetrievalSet(set.id)).toBeUndefined();
      await session.commit(prepared, 'like this');
      expect(await store.getRetrievalSet(set.id)).toEqual(set);
    });

    test('blobs written with a turn are found by hash', async () => {
      const store = await open();
      await store.createSession(record('s1'));
      const commit = (content: string) => ({
        ...bareCommit(record('s1'), []),
        blobs: new Map([['b1', content]]),
      });
      await store.commitTurn(commit('data:image/png;base64,AAAA'));
      expect(await store.getBlob('b1')).toBe('data:image/png;base64,AAAA');
      expect(await store.getBlob('b2')).toBeUndefined();
    });

    test('a commit to a session that does not exist writes nothing at all', async () => {
      const store = await open();
      await expect(
        store.commitTurn({ ...bareCommit(record('ghost'), [note('n1')]), blobs: new Map([['b9', 'x']]) }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(await store.getBlob('b9')).toBeUndefined();
      expect(await store.loadSession('ghost')).toBeUndefined();
    });
  });
}
