import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import type { UsageReport } from '../session/index.js';
import { costOfUsage, type PriceTable } from './index.js';

const report = (overrides: Partial<UsageReport> = {}): UsageReport => ({
  planId: 'p1',
  estimatedInputTokens: 10_000,
  actualInputTokens: 10_000,
  outputTokens: 500,
  encoding: 'o200k_base',
  model: 'claude-test',
  ...overrides,
});

// Per million tokens: input 3, cache reads 0.3, cache writes 3.75, output 15.
const PRICES: PriceTable = { 'claude-test': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 } };

describe('costOfUsage', () => {
  test('prices new, cached and written input apart, with what the cache saved', () => {
    const cost = costOfUsage(report({ cachedInputTokens: 8_000, cacheWriteTokens: 1_000 }), PRICES);
    expect(cost?.input).toBeCloseTo(0.003); // 1,000 new
    expect(cost?.cachedInput).toBeCloseTo(0.0024); // 8,000 read
    expect(cost?.cacheWrite).toBeCloseTo(0.00375);
    expect(cost?.output).toBeCloseTo(0.0075);
    expect(cost?.total).toBeCloseTo(0.01665);
    // 10,000 input tokens at full price: 0.03; paid 0.00915.
    expect(cost?.saved).toBeCloseTo(0.02085);
  });

  test('without cache prices every input token costs the input price, and output defaults to free', () => {
    const cost = costOfUsage(report({ cachedInputTokens: 4_000 }), { 'claude-test': { input: 1 } });
    expect(cost).toMatchObject({ total: 0.01, saved: 0, output: 0 });
  });

  test('no price for the model, or no provider count: no cost', () => {
    expect(costOfUsage(report({ model: 'other' }), PRICES)).toBeNull();
    expect(costOfUsage(report({ model: null }), PRICES)).toBeNull();
    expect(costOfUsage(report({ actualInputTokens: null }), PRICES)).toBeNull();
  });

  test('a bad table is refused naming each wrong price', () => {
    const bad = { 'claude-test': { input: -1, output: '15', cache: 1 } } as unknown as PriceTable;
    const error = (() => {
      try {
        costOfUsage(report(), bad);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'prices.claude-test.input',
      'prices.claude-test.output',
      'prices.claude-test.cache',
    ]);
  });
});
