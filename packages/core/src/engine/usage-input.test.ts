import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { FACTOR_RANGE } from '../reflection/calibration.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';

function pathsOf(error: unknown): string[] {
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => issue.path);
}

describe('usage reports', () => {
  test.each([
    [{ inputTokens: Number.NaN }, ['usage.inputTokens']],
    [{ inputTokens: -10 }, ['usage.inputTokens']],
    [{ inputTokens: '100' }, ['usage.inputTokens']],
    [{ inputTokens: Number.POSITIVE_INFINITY }, ['usage.inputTokens']],
    [{ inputTokens: 1.5, outputTokens: -1 }, ['usage.inputTokens', 'usage.outputTokens']],
    [{ prompt_tokens: 100 }, ['usage.prompt_tokens', 'usage.inputTokens']],
    [null, ['usage']],
  ])('%o is refused naming %o, and nothing is written', async (usage, paths) => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const turn = await session.prepare('Read the file');
    const refused = await session.commit(turn, 'Done.', usage as never).catch((error: unknown) => error);
    expect(pathsOf(refused)).toEqual(paths);
    expect((await store.loadSession(session.id))?.messages).toEqual([]);
    expect(await store.listUsage(session.id)).toEqual([]);
    // The turn is still open: the host can commit it with a valid report.
    await session.commit(turn, 'Done.', { inputTokens: 120 });
    expect((await store.listUsage(session.id))[0]?.actualInputTokens).toBe(120);
  });

  test('a provider name is refused with the field to use instead', async () => {
    const session = await (await testEngine()).createSession();
    const error = await session
      .commit(await session.prepare('Hi'), 'Hello', { prompt_tokens: 10 } as never)
      .then(
        () => null,
        (caught: unknown) => caught as ValidationError,
      );
    expect(error?.issues[0]?.message).toMatch(/pass the provider's prompt_tokens as inputTokens/);
  });
});

describe('calibration is bounded', () => {
  test('reports of 1e9 tokens are ignored: later requests still plan, within the budget', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    for (let i = 0; i < 3; i++)
      await session.commit(await session.prepare('Read the file'), 'Done.', { inputTokens: 1e9 });
    const calibration = await engine.reflection.calibration();
    expect(calibration.factor).toBe(1);
    const turn = await session.prepare('Read the file again');
    expect(turn.plan.budget.used).toBeLessThanOrEqual(turn.plan.budget.available);
    expect(turn.plan.budget.available).toBeGreaterThan(0);
  });

  test('the factor stays within its range, and reset forgets it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    for (let i = 0; i < 12; i++) {
      const turn = await session.prepare(`Read file number ${i}`);
      // 3.5× the estimate: not an outlier, but beyond what a tokenizer explains.
      await session.commit(turn, 'Done.', { inputTokens: Math.round(turn.plan.budget.used * 3.5) });
    }
    const learned = await engine.reflection.calibration();
    expect(learned.factor).toBe(FACTOR_RANGE.max);
    const planned = await session.prepare('And one more');
    session.rollback(planned);
    expect(planned.plan.budget.available).toBeGreaterThan(0);
    await engine.reflection.resetCalibration();
    expect(await engine.reflection.calibration()).toMatchObject({ factor: 1, samples: 0 });
  });
});

describe('cached input tokens', () => {
  test('are taken, stored with the report, and summed per session into a hit rate', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    expect(await engine.reflection.cacheUsage(session.id)).toMatchObject({ reports: 0, hitRate: null });
    await session.commit(await session.prepare('Read the file'), 'Done.', {
      inputTokens: 1_000,
      cachedInputTokens: 0,
      cacheWriteTokens: 800,
    });
    await session.commit(await session.prepare('Read it again'), 'Done.', {
      inputTokens: 1_000,
      cachedInputTokens: 800,
    });
    // A report that does not say is left out of the rate.
    await session.commit(await session.prepare('And once more'), 'Done.', { inputTokens: 1_000 });
    expect((await store.listUsage(session.id)).map((report) => report.cachedInputTokens)).toEqual([
      0,
      800,
      undefined,
    ]);
    expect(await engine.reflection.cacheUsage(session.id)).toEqual({
      reports: 2,
      inputTokens: 2_000,
      cachedInputTokens: 800,
      cacheWriteTokens: 800,
      hitRate: 0.4,
    });
  });

  test('must be whole counts within the input tokens; provider names point at the field', async () => {
    const session = await (await testEngine()).createSession();
    const turn = await session.prepare('Read the file');
    const paths = async (usage: unknown) =>
      (
        (await session.commit(turn, 'Done.', usage as never).then(
          () => null,
          (error: unknown) => error,
        )) as ValidationError
      ).issues.map((issue) => issue.path);
    expect(await paths({ inputTokens: 100, cachedInputTokens: -1 })).toEqual(['usage.cachedInputTokens']);
    expect(await paths({ inputTokens: 100, cachedInputTokens: 90, cacheWriteTokens: 20 })).toEqual([
      'usage.cachedInputTokens',
    ]);
    expect(await paths({ inputTokens: 100, cache_read_input_tokens: 5 })).toEqual([
      'usage.cache_read_input_tokens',
    ]);
    // Counts in the message are written as the meter writes them.
    const over = (await session
      .commit(turn, 'Done.', { inputTokens: 9203, cachedInputTokens: 9000, cacheWriteTokens: 1000 })
      .then(
        () => null,
        (error: unknown) => error,
      )) as ValidationError;
    expect(over.issues[0]?.message).toBe(
      'cached and cache-written tokens (10,000) cannot exceed inputTokens (9,203), which counts them too',
    );
  });
});
