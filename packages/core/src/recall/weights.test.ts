import { describe, expect, test } from 'vitest';
import { recallWeights } from './weights.js';

const NOW = '2026-01-01T00:00:00.000Z';
const daysBefore = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString();

describe('recallWeights', () => {
  test('recency is 1 for now, halfway to its floor of 0.8 after 30 days, and never below the floor', () => {
    expect(recallWeights(0.5, NOW, false, NOW).weights.recency).toBe(1);
    expect(recallWeights(0.5, daysBefore(30), false, NOW).weights.recency).toBeCloseTo(0.9, 12);
    expect(recallWeights(0.5, daysBefore(3650), false, NOW).weights.recency).toBeGreaterThanOrEqual(0.8);
    expect(recallWeights(0.5, daysBefore(3650), false, NOW).score).toBeCloseTo(0.4, 6);
  });

  test('a date in the future or one that cannot be read counts as now', () => {
    expect(recallWeights(0.5, '2027-01-01T00:00:00.000Z', false, NOW).weights.recency).toBe(1);
    expect(recallWeights(0.5, 'not a date', false, NOW).weights.recency).toBe(1);
  });

  test('a pinned passage weighs 1.25 times as much, and no score goes above 1', () => {
    expect(recallWeights(0.4, NOW, true, NOW)).toEqual({
      score: 0.5,
      weights: { relevance: 0.4, recency: 1, importance: 1.25 },
    });
    expect(recallWeights(0.9, NOW, true, NOW).score).toBe(1);
  });

  test('with an embedder, the score takes 0.5 + 0.5 × similarity of the rest, and says so', () => {
    expect(recallWeights(0.4, NOW, false, NOW, 0.6)).toEqual({
      score: 0.4 * 0.8,
      weights: { relevance: 0.4, recency: 1, importance: 1, similarity: 0.6 },
    });
    expect(recallWeights(0.4, NOW, false, NOW, 0).score).toBeCloseTo(0.2, 12);
    expect(recallWeights(0.4, NOW, false, NOW).weights).not.toHaveProperty('similarity');
  });
});
