import { describe, expect, test } from 'vitest';
import { CorruptRecordError, NotFoundError, ValidationError } from '../errors/index.js';
import { DEFAULT_MODE_LIMITS } from '../planner/index.js';
import type { LoadedSession, StoredPlan } from '../store/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';

describe('engine options', () => {
  test.each([
    [
      'a reservedOutput as large as the window',
      { contextWindow: 1_000, reservedOutput: 1_000 },
      ['reservedOutput'],
    ],
    ['a negative reservedOutput', { reservedOutput: -1 }, ['reservedOutput']],
    ['a fractional reservedOutput', { reservedOutput: 10.5 }, ['reservedOutput']],
    ['an empty window', { contextWindow: 0 }, ['contextWindow']],
    ['a fractional window', { contextWindow: 1_000.5 }, ['contextWindow']],
    ['an empty model name', { model: '' }, ['model']],
    ['an unknown default mode', { defaultMode: 'max' }, ['defaultMode']],
    ['limits for an unknown mode', { modeLimits: { max: { topK: 1 } } }, ['modeLimits.max']],
    [
      'mode limits out of range, by where they are',
      { modeLimits: { light: { topK: -1, minScore: 2 }, heavy: { topK: 1.5, maxShare: Number.NaN } } },
      [
        'modeLimits.light.topK',
        'modeLimits.light.minScore',
        'modeLimits.heavy.topK',
        'modeLimits.heavy.maxShare',
      ],
    ],
    [
      'card limits that are not whole numbers in range',
      { modeLimits: { light: { cardTokens: 0, describedCards: 1.5 }, heavy: { describedCards: -1 } } },
      ['modeLimits.light.cardTokens', 'modeLimits.light.describedCards', 'modeLimits.heavy.describedCards'],
    ],
    [
      'several bad options at once, naming each',
      { model: '', defaultMode: 'max', reservedOutput: -1 },
      ['model', 'reservedOutput', 'defaultMode'],
    ],
  ])('refuses %s', async (_, options, paths) => {
    const error = await testEngine(options as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(paths);
  });

  test('the reply may be given all but one token of the window', async () => {
    await expect(testEngine({ contextWindow: 1_000, reservedOutput: 999 })).resolves.toBeDefined();
  });

  test('by default a quarter of the window is kept for the reply, at most 4,096 tokens', async () => {
    const reserved = [];
    for (const contextWindow of [8_000, 128_000]) {
      const engine = await testEngine({ contextWindow, reservedOutput: undefined });
      const session = await engine.createSession();
      reserved.push((await session.prepare('hello')).plan.budget.reservedOutput);
    }
    expect(reserved).toEqual([2_000, 4_096]);
  });

  test('mode limits replace only the limits they name, for the mode they name', async () => {
    const engine = await testEngine({ modeLimits: { light: { topK: 1 } } });
    expect(engine.modeLimits.light).toEqual({ ...DEFAULT_MODE_LIMITS.light, topK: 1 });
    expect(engine.modeLimits.heavy).toEqual(DEFAULT_MODE_LIMITS.heavy);
    const session = await engine.createSession();
    const prepared = await session.prepare('read a file from disk and query the database schema');
    expect(prepared.plan.limits.topK).toBe(1);
    expect(
      prepared.requestContext.items.filter((item) => item.includeMode === 'agent').length,
    ).toBeLessThanOrEqual(1);
  });

  test('a custom renderer makes the requests', async () => {
    const engine = await testEngine({ render: (plan) => ({ planId: plan.id }) });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    expect(prepared.request).toEqual({ planId: prepared.plan.id });
  });
});

describe('opening sessions', () => {
  test('a session is one object for as long as the engine lives, however many times, and however concurrently, it is opened', async () => {
    const store = new MemoryStore();
    const { id } = await (await testEngine({ store })).createSession();
    const engine = await testEngine({ store });
    const [first, second] = await Promise.all([engine.openSession(id), engine.openSession(id)]);
    expect(second).toBe(first);
    expect(await engine.openSession(id)).toBe(first);
  });

  test('an open that failed can be tried again', async () => {
    let failures = 1;
    const store = new (class extends MemoryStore {
      override loadSession(sessionId: string): Promise<LoadedSession | undefined> {
        if (failures-- > 0) return Promise.reject(new Error('storage busy'));
        return super.loadSession(sessionId);
      }
    })();
    const engine = await testEngine({ store });
    const { id } = await (await testEngine({ store })).createSession();
    await expect(engine.openSession(id)).rejects.toThrow('storage busy');
    expect((await engine.openSession(id)).id).toBe(id);
  });

  test('a deleted session cannot be opened again, whether it was created or opened here', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const created = await engine.createSession();
    const elsewhere = await engine.createSession();
    const other = await testEngine({ store });
    await other.openSession(elsewhere.id);
    await engine.deleteSession(created.id);
    await other.deleteSession(elsewhere.id);
    await expect(engine.openSession(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(other.openSession(elsewhere.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('getPlan refuses a stored plan whose input was changed', async () => {
    let tamper = false;
    const store = new (class extends MemoryStore {
      override async getPlan(planId: string): Promise<StoredPlan | undefined> {
        const stored = await super.getPlan(planId);
        if (!stored || !tamper) return stored;
        return { ...stored, input: { ...stored.input, contextWindow: stored.input.contextWindow + 1 } };
      }
    })();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    await session.commit(prepared, 'hi');
    expect((await engine.getPlan(prepared.plan.id))?.id).toBe(prepared.plan.id);
    tamper = true;
    await expect(engine.getPlan(prepared.plan.id)).rejects.toBeInstanceOf(CorruptRecordError);
  });
});
