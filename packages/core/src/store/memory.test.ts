import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import type { ChatMessage } from '../session/index.js';
import { MemoryStore, type StoreEvent } from './index.js';

/** A store holding one session with one committed turn, through the engine, as an app would write it. */
async function storeWithTurn() {
  const store = new MemoryStore();
  const engine = await testEngine({ store });
  const session = await engine.createSession();
  const prepared = await session.prepare('hello');
  await session.commit(prepared, 'hi');
  return { store, engine, session, planId: prepared.plan.id };
}

describe('MemoryStore', () => {
  test('a listener told of a commit can already read everything the commit wrote', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const reads: Promise<unknown>[] = [];
    store.subscribe((event) => {
      if (event.type !== 'turn-committed') return;
      reads.push(
        Promise.all([
          store.loadSession(event.sessionId),
          Promise.all(event.planIds.map((id) => store.getPlan(id))),
          store.listUsage(event.sessionId),
        ]),
      );
    });
    const prepared = await session.prepare('hello');
    const { messages } = await session.commit(prepared, 'hi');
    expect(reads).toHaveLength(1);
    const [loaded, plans, usage] = (await reads[0]) as [
      { record: unknown; messages: ChatMessage[] },
      unknown[],
      unknown[],
    ];
    expect(loaded.record).toEqual(session.record);
    expect(loaded.messages).toEqual(messages);
    expect(plans).toEqual([expect.objectContaining({ id: prepared.plan.id })]);
    expect(usage).toHaveLength(1);
  });

  test('every change is announced once, and deleting what is not there announces nothing', async () => {
    const store = new MemoryStore();
    const events: StoreEvent['type'][] = [];
    store.subscribe((event) => events.push(event.type));
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    await session.setTitle('Renamed');
    await session.commit(await session.prepare('hello'), 'hi');
    await engine.deleteSession(session.id);
    await engine.deleteSession(session.id);
    await store.deleteSession('never-existed');
    expect(events).toEqual(['session-saved', 'session-saved', 'turn-committed', 'session-deleted']);
  });

  test('an unsubscribed listener hears nothing more', async () => {
    const store = new MemoryStore();
    const heard: StoreEvent[] = [];
    const unsubscribe = store.subscribe((event) => heard.push(event));
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    unsubscribe();
    await session.setTitle('Renamed');
    expect(heard).toHaveLength(1);
  });

  test('deleting a session deletes its plans and usage too', async () => {
    const { store, engine, session, planId } = await storeWithTurn();
    expect(await store.getPlan(planId)).toBeDefined();
    await engine.deleteSession(session.id);
    expect(await store.getPlan(planId)).toBeUndefined();
    expect(await engine.getPlan(planId)).toBeUndefined();
    expect(await store.listPlans(session.id)).toEqual([]);
    expect(await store.listUsage(session.id)).toEqual([]);
    expect(await store.loadSession(session.id)).toBeUndefined();
    expect(await store.listSessions()).toEqual([]);
  });

  test('what a read returns is a snapshot: later writes do not change it, and changing it changes nothing stored', async () => {
    const { store, session } = await storeWithTurn();
    const loaded = await store.loadSession(session.id);
    const plans = await store.listPlans(session.id);
    const usage = await store.listUsage(session.id);
    await session.commit(await session.prepare('again'), 'ok');
    expect(loaded?.messages).toHaveLength(2);
    expect(plans).toHaveLength(1);
    expect(usage).toHaveLength(1);

    (loaded?.messages as ChatMessage[]).length = 0;
    plans.length = 0;
    usage.length = 0;
    expect((await store.loadSession(session.id))?.messages).toHaveLength(4);
    expect(await store.listPlans(session.id)).toHaveLength(2);
    expect(await store.listUsage(session.id)).toHaveLength(2);
  });

  test('a turn keeps the retrieval set its plans reference, until its session is deleted', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('how do I read a file?');
    const set = prepared.retrievalSet;
    if (!set) throw new Error('the test engine has a selector');
    expect(prepared.plan.retrievalSetId).toBe(set.id);
    expect(await store.getRetrievalSet(set.id)).toBeUndefined();
    await session.commit(prepared, 'like this');
    expect(await store.getRetrievalSet(set.id)).toBe(set);
    await engine.deleteSession(session.id);
    expect(await store.getRetrievalSet(set.id)).toBeUndefined();
  });
});
