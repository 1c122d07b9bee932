import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { testEngine } from '../engine/engine.fixtures.js';
import type { EngineEvent } from '../engine/index.js';
import { TransactionError, ValidationError } from '../errors/index.js';
import { newSessionRecord } from '../session/index.js';
import { PrivateSessionStore } from './private-store.js';
import { RecordingStore } from './recording-store.fixtures.js';

/** A persistent store that fails the test on any write that carries a session id in `privateIds`. */
function guardedStore(privateIds: Set<string>): RecordingStore {
  const store = new RecordingStore();
  store.guard = (write) => {
    const leaked = write.sessionIds.find((id) => privateIds.has(id));
    if (leaked || write.json.includes('"private":true')) {
      throw new Error(
        `private session ${leaked ?? write.sessionId} reached the persistent store (${write.method})`,
      );
    }
  };
  return store;
}

async function useSession(
  session: Awaited<ReturnType<Awaited<ReturnType<typeof testEngine>>['createSession']>>,
) {
  await session.setTitle('Secret plans');
  await session.setWorkspace('Open file: plans.md');
  await session.setMode('heavy');
  await session.pin({ kind: 'card', title: 'Goal', text: 'Surprise party' });
  await session.addItem({ type: 'rule', name: 'Error handling' });
  const first = await session.prepare('Read plans.md');
  const next = await session.continue(
    first,
    {
      content: '',
      toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'plans.md' } }],
    },
    [{ toolCallId: 'c1', content: 'Party on Friday' }],
    { inputTokens: 40 },
  );
  await session.commit(next, 'It is on Friday.', { inputTokens: 60 });
  await session.addNote('system', 'note');
  const second = await session.prepare('Who is invited?');
  await session.commit(second, 'Everyone.');
}

describe('privacy mode', () => {
  test('nothing of a private session ever reaches the persistent store', async () => {
    const privateIds = new Set<string>();
    const store = guardedStore(privateIds);
    const engine = await testEngine({ store });
    const visible = await engine.createSession({ title: 'Work' });
    const hidden = await engine.createSession({ title: 'Private', private: true });
    privateIds.add(hidden.id);
    expect(hidden.isPrivate).toBe(true);
    await useSession(hidden);
    await useSession(visible);
    expect(store.writes.some((write) => write.sessionId === visible.id)).toBe(true);
    expect(await store.loadSession(hidden.id)).toBeUndefined();
    // The engine still has everything of the private session, in this tab.
    const plans = await engine.store.listPlans(hidden.id);
    expect(plans.length).toBe(3);
    expect((await engine.getPlan(plans[0]?.id ?? ''))?.id).toBe(plans[0]?.id);
    expect((await engine.store.loadSession(hidden.id))?.messages.length).toBe(7);
  });

  test('private sessions are listed with a flag, and are gone after a reload', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const visible = await engine.createSession({ title: 'Work' });
    const hidden = await engine.createSession({ title: 'Private', private: true });
    const listed = await engine.listSessions();
    expect(listed.map((record) => [record.id, record.private ?? false])).toEqual([
      [visible.id, false],
      [hidden.id, true],
    ]);
    const reloaded = await testEngine({ store });
    expect((await reloaded.listSessions()).map((record) => record.id)).toEqual([visible.id]);
  });

  test('switching on moves the session out of the persistent store, and nothing is written there afterwards', async () => {
    const privateIds = new Set<string>();
    const store = guardedStore(privateIds);
    const engine = await testEngine({ store });
    const session = await engine.createSession({ title: 'Was public' });
    await useSession(session);
    const before = await store.loadSession(session.id);
    const plansBefore = await store.listPlans(session.id);
    const usageBefore = await store.listUsage(session.id);
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));

    privateIds.add(session.id); // from here on, any write of it fails the test
    await session.setPrivate(true);
    expect(session.isPrivate).toBe(true);
    expect(await store.loadSession(session.id)).toBeUndefined();
    expect(await store.listPlans(session.id)).toEqual([]);
    expect(await store.getPlan(plansBefore[0]?.id ?? '')).toBeUndefined();
    // Listeners hear one change, not a deletion.
    expect(events).toEqual([{ type: 'session-saved', sessionId: session.id }]);
    // Everything is still there, in memory.
    const moved = await engine.store.loadSession(session.id);
    expect(moved?.messages).toEqual(before?.messages);
    expect(moved?.record).toEqual({ ...before?.record, private: true, updatedAt: moved?.record.updatedAt });
    expect(await engine.store.listPlans(session.id)).toEqual(plansBefore);
    expect(await engine.store.listUsage(session.id)).toEqual(usageBefore);
    await useSession(session);
  });

  test('switching off writes the whole session to the persistent store', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession({ private: true });
    await useSession(session);
    const inMemory = await engine.store.loadSession(session.id);
    const plans = await engine.store.listPlans(session.id);
    const usage = await engine.store.listUsage(session.id);
    await session.setPrivate(false);
    expect(session.isPrivate).toBe(false);
    const stored = await store.loadSession(session.id);
    expect(stored?.messages).toEqual(inMemory?.messages);
    expect(stored?.record.private).toBe(false);
    expect(await store.listPlans(session.id)).toEqual(plans);
    expect(await store.listUsage(session.id)).toEqual(usage);
    for (const plan of plans) expect(await store.getPlan(plan.id)).toEqual(plan);
    // A reload finds it, and its plans replay.
    const reloaded = await testEngine({ store });
    const reopened = await reloaded.openSession(session.id);
    expect(reopened.messages).toEqual(session.messages);
    expect((await reloaded.getPlan(plans[2]?.id ?? ''))?.id).toBe(plans[2]?.id);
  });

  test('listeners hear of private sessions like any other, and of a switch off as one change', async () => {
    const engine = await testEngine();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    const session = await engine.createSession({ private: true });
    const turn = await session.prepare('Hello');
    const { messages } = await session.commit(turn, 'Hi');
    await session.setPrivate(false);
    expect(events).toEqual([
      { type: 'session-saved', sessionId: session.id },
      { type: 'turn-pending', sessionId: session.id, origin: 'local' },
      {
        type: 'turn-committed',
        sessionId: session.id,
        messageIds: messages.map((message) => message.id),
        planIds: [turn.plan.id],
      },
      { type: 'turn-settled', sessionId: session.id, outcome: 'committed', origin: 'local' },
      { type: 'session-saved', sessionId: session.id },
    ]);
  });

  test('a failed move leaves the session where it was', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    await useSession(session);
    store.failNextDelete = true;
    await expect(session.setPrivate(true)).rejects.toThrow('disk unavailable');
    expect(session.isPrivate).toBe(false);
    expect((await store.loadSession(session.id))?.messages.length).toBe(7);
    expect((await engine.listSessions()).filter((record) => record.id === session.id)).toHaveLength(1);
    await useSession(session);
    expect((await store.loadSession(session.id))?.messages.length).toBe(14);
  });

  test('switching to the mode a session already has writes nothing; a non-boolean is refused', async () => {
    const store = new RecordingStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const writes = store.writes.length;
    await session.setPrivate(false);
    expect(store.writes.length).toBe(writes);
    await expect(session.setPrivate('yes' as unknown as boolean)).rejects.toThrow(ValidationError);
  });

  test('deleting a private session forgets it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession({ private: true });
    await useSession(session);
    await engine.deleteSession(session.id);
    expect(await engine.listSessions()).toEqual([]);
    expect(await engine.store.loadSession(session.id)).toBeUndefined();
  });

  test('large content a private session stored moves with it, and never reaches the store before', async () => {
    const persistent = new RecordingStore();
    const store = new PrivateSessionStore(persistent);
    const record = {
      ...newSessionRecord('s1', 'x', defineCatalog({}), '2026-01-01T00:00:00.000Z'),
      private: true,
    };
    await store.createSession(record);
    const message = { id: 'm1', role: 'user' as const, content: 'see blob h1', createdAt: record.createdAt };
    const blobs = new Map([['h1', 'data:image/png;base64,AAAA']]);
    await store.commitTurn({
      session: record,
      messages: [message],
      plans: [],
      usage: [],
      retrievalSets: [],
      blobs,
    });
    expect(await store.getBlob('h1')).toBe('data:image/png;base64,AAAA');
    expect(await persistent.getBlob('h1')).toBeUndefined();
    expect(persistent.writes).toEqual([]);
    await store.saveSession({ ...record, private: false });
    expect(await persistent.getBlob('h1')).toBe('data:image/png;base64,AAAA');
    expect((await persistent.loadSession('s1'))?.messages).toEqual([message]);
    expect(store.isPrivate('s1')).toBe(false);
  });

  test('the store refuses a commit for a private record it does not hold', async () => {
    const persistent = new RecordingStore();
    const store = new PrivateSessionStore(persistent);
    const record = newSessionRecord('s1', 'x', defineCatalog({}), '2026-01-01T00:00:00.000Z');
    await store.createSession(record);
    const commit = {
      session: { ...record, private: true },
      messages: [],
      plans: [],
      usage: [],
      retrievalSets: [],
    };
    await expect(store.commitTurn(commit)).rejects.toBeInstanceOf(TransactionError);
    expect(persistent.writes.map((write) => write.method)).toEqual(['createSession']);
    expect(store.isPrivate('s1')).toBe(false);
    expect(store.persistent).toBe(persistent);
  });
});
