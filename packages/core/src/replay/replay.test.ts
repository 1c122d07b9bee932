import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { NotFoundError } from '../errors/index.js';
import { diffPlans } from './index.js';

describe('replaying and comparing stored plans', () => {
  test('engine.replay gives the identical plan, and refuses an unknown id with a NotFoundError', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('read a file');
    await session.commit(first, 'ok');
    const second = await session.prepare('and the database schema?');
    await session.commit(second, 'ok');
    expect(JSON.stringify(await engine.replay(second.plan.id))).toBe(JSON.stringify(second.plan));
    await expect(engine.replay('no-such-plan')).rejects.toBeInstanceOf(NotFoundError);
  });

  test('two turns of a session differ by the previous message, now history, and what retrieval chose', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('read a file from disk');
    await session.commit(first, 'ok');
    const second = await session.prepare('show the database schema tables');
    await session.commit(second, 'ok');
    const diff = diffPlans(await engine.replay(first.plan.id), await engine.replay(second.plan.id));
    const entered = new Map(diff.entered.map((entry) => [entry.candidate.id, entry]));
    const left = new Map(diff.left.map((entry) => [entry.candidate.id, entry]));
    // The first message was the current turn; now it comes back as history, its turn id being its message's.
    const firstMessage = first.userMessage.id;
    expect(left.get(`current:${firstMessage}`)?.reason).toEqual({ code: 'current-turn' });
    expect(left.get(`current:${firstMessage}`)?.now).toBeNull();
    expect(entered.get(`turn:${firstMessage}`)?.reason).toMatchObject({ code: 'history', age: 0 });
    expect(entered.get(`turn:${firstMessage}`)?.before).toBeNull();
    expect(entered.get('reference:Database schema')?.reason).toMatchObject({ code: 'agent' });
    // The always items were in both and stayed the same.
    expect(entered.has('rule:Authentication') || left.has('rule:Authentication')).toBe(false);
    expect(diff.changed.some((change) => change.id === 'rule:Authentication')).toBe(false);
  });
});
