import { describe, expect, test } from 'vitest';
import { isCtxkitError, SessionExistsError, StaleSessionError, ValidationError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import type { Store } from '../store-types/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

async function talk(session: Session, question: string, answer: string) {
  return session.commit(await session.prepare(question), answer);
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('sessions under the host’s ids', () => {
  test('a session created under a chat id is stored under it and opens by it after a reload', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession({ id: 'chat_2025-01.a~b', title: 'Trip' });
    expect(session.id).toBe('chat_2025-01.a~b');
    expect(session.isStored).toBe(true);
    await talk(session, 'hello', 'hi');
    const reloaded = await testEngine({ store });
    const opened = await reloaded.openSession('chat_2025-01.a~b');
    expect(opened.record.title).toBe('Trip');
    expect(opened.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test('an id the store holds already is a SessionExistsError, and the stored session is kept', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const first = await engine.createSession({ id: 'chat-1', title: 'First' });
    await talk(first, 'hello', 'hi');
    const error = await refusal(engine.createSession({ id: 'chat-1', title: 'Second' }));
    expect(error).toBeInstanceOf(SessionExistsError);
    expect(isCtxkitError(error, 'session_exists') && error.sessionId).toBe('chat-1');
    const loaded = await store.loadSession('chat-1');
    expect(loaded?.record.title).toBe('First');
    expect(loaded?.messages).toHaveLength(2);
  });

  test.each([
    ['', 'must be a non-empty string'],
    ['has space', 'may hold only letters, digits and - . _ ~ (got " "'],
    ['a/b', 'got "/"'],
    ['é', 'got "é"'],
    ['x'.repeat(129), 'must be at most 128 characters, got 129'],
    [42, 'must be a non-empty string, got'],
  ])('the id %j is refused with a ValidationError naming options.id', async (id, message) => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const error = await refusal(engine.createSession({ id: id as string }));
    expect(error).toBeInstanceOf(ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('options.id');
    expect(issues[0]?.message).toContain(message);
    expect(await store.listSessions()).toEqual([]);
  });

  test('an id of 128 characters is accepted', async () => {
    const engine = await testEngine();
    const session = await engine.createSession({ id: 'a'.repeat(128) });
    expect(session.id).toHaveLength(128);
  });
});

describe('openOrCreateSession', () => {
  test('a new chat id gives a session the store does not hold until its first turn', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.openOrCreateSession('new-chat', { title: 'Fresh' });
    expect(session.id).toBe('new-chat');
    expect(session.record.title).toBe('Fresh');
    expect(session.isStored).toBe(false);
    expect(await store.loadSession('new-chat')).toBeUndefined();
    expect(await engine.listSessions()).toEqual([]);
    // The same object is found by id in this engine, as the transport and the hooks look it up.
    expect(await engine.openSession('new-chat')).toBe(session);
    expect(await engine.openOrCreateSession('new-chat')).toBe(session);

    await talk(session, 'hello', 'hi');
    expect(session.isStored).toBe(true);
    expect((await engine.listSessions()).map((record) => record.id)).toEqual(['new-chat']);
    const reloaded = await testEngine({ store });
    const again = await reloaded.openOrCreateSession('new-chat', { title: 'Ignored' });
    expect(again.isStored).toBe(true);
    expect(again.record.title).toBe('Fresh');
    expect(again.messages).toHaveLength(2);
  });

  test('a visit that sends nothing leaves nothing behind', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.openOrCreateSession('visited');
    await session.prepare('typed, then the tab closed').then((prepared) => session.rollback(prepared));
    expect(await store.listSessions()).toEqual([]);
    const reloaded = await testEngine({ store });
    expect((await reloaded.openOrCreateSession('visited')).isStored).toBe(false);
  });

  test('a setting written before the first turn stores the session with it', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.openOrCreateSession('settings-first');
    await session.setTitle('Named first');
    expect(session.isStored).toBe(true);
    expect((await store.loadSession('settings-first'))?.record.title).toBe('Named first');
  });

  test('a first turn whose write fails leaves no empty session', async () => {
    const memory = new MemoryStore();
    const failing: Store = new Proxy(memory, {
      get(target, key) {
        if (key === 'commitTurn') return () => Promise.reject(new Error('disk full'));
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const engine = await testEngine({ store: failing });
    const session = await engine.openOrCreateSession('fails');
    const prepared = await session.prepare('hello');
    await expect(session.commit(prepared, 'hi')).rejects.toThrow('disk full');
    expect(session.isStored).toBe(false);
    expect(await memory.listSessions()).toEqual([]);
  });

  test('another tab that created the chat first wins: this copy is stale, and opening again gives theirs', async () => {
    const store = new MemoryStore();
    const here = await testEngine({ store });
    const there = await testEngine({ store });
    const mine = await here.openOrCreateSession('shared');
    const theirs = await there.createSession({ id: 'shared', title: 'Theirs' });
    await talk(theirs, 'their question', 'their answer');
    const prepared = await mine.prepare('my question');
    const error = await refusal(mine.commit(prepared, 'my answer'));
    expect(error).toBeInstanceOf(StaleSessionError);
    expect(mine.isStale).toBe(true);
    mine.rollback(prepared); // as the host loop does with a turn that failed
    const fresh = await here.openOrCreateSession('shared');
    expect(fresh).not.toBe(mine);
    expect(fresh.record.title).toBe('Theirs');
    expect(fresh.messages).toHaveLength(2);
  });

  test('deleting a chat forgets an unstored session too: the next visit starts afresh', async () => {
    const engine = await testEngine();
    const session = await engine.openOrCreateSession('gone');
    await engine.deleteSession('gone');
    const next = await engine.openOrCreateSession('gone');
    expect(next).not.toBe(session);
    expect(next.isStored).toBe(false);
  });

  test('its id and options are checked where they were given', async () => {
    const engine = await testEngine();
    const badId = await refusal(engine.openOrCreateSession('no spaces'));
    expect((badId as ValidationError).issues.map((issue) => issue.path)).toEqual(['sessionId']);
    const badOptions = await refusal(
      engine.openOrCreateSession('ok', { id: 'other' } as unknown as Parameters<
        typeof engine.openOrCreateSession
      >[1]),
    );
    expect((badOptions as ValidationError).issues.map((issue) => issue.path)).toEqual(['options.id']);
    const badTitle = await refusal(engine.openOrCreateSession('ok', { title: 7 as unknown as string }));
    expect((badTitle as ValidationError).issues.map((issue) => issue.path)).toEqual(['options.title']);
  });
});
