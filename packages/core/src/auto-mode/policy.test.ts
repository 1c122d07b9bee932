import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { type ModeChoice, planContext } from '../planner/index.js';
import { chooseMode, itemsNamedIn } from './index.js';

const roomy = { room: 10_000, heavyShare: 3_000, namedItems: [] };

describe('automatic mode: the policy', () => {
  test('a task gets heavy, with the verb that made it one', () => {
    expect(chooseMode({ ...roomy, text: 'Please refactor the login form into two components' })).toEqual({
      chosen: 'heavy',
      reason: 'task',
      signals: ['refactor'],
      room: 10_000,
    });
    expect(chooseMode({ ...roomy, text: 'can you write a migration for the users table?' }).reason).toBe(
      'task',
    );
    expect(chooseMode({ ...roomy, text: 'walk me through it step by step' }).reason).toBe('task');
  });

  test('a long message is a task', () => {
    const long = Array.from({ length: 70 }, (_, i) => `word${i}`).join(' ');
    expect(chooseMode({ ...roomy, text: long })).toMatchObject({
      chosen: 'heavy',
      reason: 'task',
      signals: ['70 words'],
    });
  });

  test('a message naming files, symbols or catalog items gets heavy, naming them', () => {
    expect(chooseMode({ ...roomy, text: 'what does src/auth/session.ts export?' })).toMatchObject({
      chosen: 'heavy',
      reason: 'names-items',
      signals: ['src/auth/session.ts'],
    });
    expect(
      chooseMode({ ...roomy, text: 'what is in the schema?', namedItems: ['Database schema'] }),
    ).toMatchObject({
      chosen: 'heavy',
      reason: 'names-items',
      signals: ['Database schema'],
    });
  });

  test('a follow-up and a plain question get light', () => {
    expect(chooseMode({ ...roomy, text: 'and for tomorrow?' })).toMatchObject({
      chosen: 'light',
      reason: 'follow-up',
    });
    expect(chooseMode({ ...roomy, text: 'what is the weather like in Lyon this week?' })).toMatchObject({
      chosen: 'light',
      reason: 'question',
    });
  });

  test('heavy is wanted but does not fit the room left: light, saying why and what was wanted', () => {
    expect(chooseMode({ ...roomy, room: 2_999, text: 'implement the export button' })).toEqual({
      chosen: 'light',
      reason: 'little-room',
      signals: ['implement'],
      room: 2_999,
    });
  });

  test('catalog names count as whole words only, case-insensitively, short names never', () => {
    const catalog = defineCatalog({
      references: [
        { name: 'Database schema', content: 'x' },
        { name: 'API', content: 'y' },
        { name: 'auth', content: 'z' },
      ],
    });
    expect(itemsNamedIn('Show me the DATABASE SCHEMA and the API', catalog)).toEqual(['Database schema']);
    expect(itemsNamedIn('authentication is hard', catalog)).toEqual([]);
    expect(itemsNamedIn('how does auth work', catalog)).toEqual(['auth']);
  });
});

describe('automatic mode in a session', () => {
  test('the plan records the mode chosen and why; each message is judged on its own', async () => {
    const engine = await testEngine({ defaultMode: 'auto' });
    const session = await engine.createSession();
    expect(session.mode).toBe('auto');
    const task = await session.prepare('Implement a rename for the file operations');
    expect(task.plan.mode).toBe('heavy');
    expect(task.plan.auto).toMatchObject({ chosen: 'heavy', reason: 'task', signals: ['implement'] });
    expect(task.plan.auto?.room).toBeGreaterThan(0);
    expect(task.plan.limits.shape).toBe('full');
    await session.commit(task, 'Done.');
    const question = await session.prepare('what is the weather like in Lyon this week?');
    expect(question.plan).toMatchObject({ mode: 'light', auto: { chosen: 'light', reason: 'question' } });
    session.rollback(question);
  });

  test("the user's own mode always wins: no automatic choice is made or recorded", async () => {
    const engine = await testEngine({ defaultMode: 'auto' });
    const session = await engine.createSession();
    await session.setMode('light');
    const prepared = await session.prepare('Implement a rename for the file operations');
    expect(prepared.plan.mode).toBe('light');
    expect(prepared.plan.auto).toBeUndefined();
    session.rollback(prepared);
    await session.setMode('auto');
    expect(session.mode).toBe('auto');
    const again = await session.prepare('Implement a rename for the file operations');
    expect(again.plan.mode).toBe('heavy');
    session.rollback(again);
  });

  test('a window too small for heavy keeps a task in light, and the estimate shows the same choice', async () => {
    // A system prompt of about 600 tokens leaves under 400, heavy's share (0.4) of the 1,000-token budget.
    const engine = await testEngine({
      defaultMode: 'auto',
      contextWindow: 2_000,
      reservedOutput: 1_000,
      systemPrompt: { global: 'Answer with care. '.repeat(190) },
    });
    const session = await engine.createSession();
    const estimate = await session.estimate('Implement a rename for the file operations');
    expect(estimate.auto).toMatchObject({ chosen: 'light', reason: 'little-room', signals: ['implement'] });
    const prepared = await session.prepare('Implement a rename for the file operations');
    expect(prepared.plan.auto).toEqual(estimate.auto);
    session.rollback(prepared);
  });

  test('a stored plan replays to the same choice, and an input whose choice is not its mode is refused', async () => {
    const engine = await testEngine({ defaultMode: 'auto' });
    const session = await engine.createSession();
    const prepared = await session.prepare('Implement a rename for the file operations');
    await session.commit(prepared, 'Done.');
    const stored = await engine.store.getPlan(prepared.plan.id);
    if (!stored) throw new Error('the plan was not stored');
    expect(planContext(stored.input)).toEqual(prepared.plan);
    const other = {
      ...stored.input,
      auto: { ...(stored.input.auto as ModeChoice), reason: 'names-items' as const },
    };
    expect(planContext(other).id).not.toBe(prepared.plan.id);
    const wrong = {
      ...stored.input,
      auto: { ...(stored.input.auto as ModeChoice), chosen: 'light' as const },
    };
    expect(() => planContext(wrong)).toThrow(/auto\.chosen/);
  });

  test("'auto' is a mode a session and the engine accept; anything else is refused naming the choices", async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(session.setMode('automatic' as never)).rejects.toThrow(/'auto', 'off', 'light' or 'heavy'/);
    await expect(testEngine({ defaultMode: 'sometimes' as never })).rejects.toThrow(/defaultMode/);
  });
});
