import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_DOCUMENT,
  calibrationFromJson,
  calibrationOf,
  calibrationToJson,
  EMPTY_STATS,
  learnRatio,
  PRIOR_SPREAD,
  type RatioStats,
  WINDOW,
} from './calibration.js';

/** A seeded generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A provider whose tokenizer counts `ratio` × the planner's tokens, ± `noise` (uniform). */
function reports(count: number, ratio: number, noise: number, seed = 7): [number, number][] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const estimated = 500 + Math.floor(next() * 4_000);
    return [estimated, Math.round(estimated * ratio * (1 + (next() * 2 - 1) * noise))];
  });
}

function learnAll(pairs: readonly [number, number | null][], from: RatioStats = EMPTY_STATS): RatioStats {
  return pairs.reduce((stats, [estimated, actual]) => learnRatio(stats, estimated, actual), from);
}

describe('calibration', () => {
  it('has factor 1 and the prior spread before any report', () => {
    expect(calibrationOf(EMPTY_STATS, 'm')).toEqual({
      model: 'm',
      factor: 1,
      spread: PRIOR_SPREAD,
      samples: 0,
    });
  });

  it('converges on a provider counting 1.3× ± 5 %', () => {
    const after5 = calibrationOf(learnAll(reports(5, 1.3, 0.05)), 'claude');
    const after40 = calibrationOf(learnAll(reports(40, 1.3, 0.05)), 'claude');
    expect(Math.abs(after40.factor - 1.3)).toBeLessThan(0.02);
    // Uniform ±5 % noise has a standard deviation of about 0.029 in log units.
    expect(after40.spread).toBeGreaterThan(0.015);
    expect(after40.spread).toBeLessThan(0.045);
    expect(Math.abs(after40.factor - 1.3)).toBeLessThanOrEqual(Math.abs(after5.factor - 1.3) + 0.01);
  });

  it('converges on a provider counting fewer tokens (0.8×) just as well', () => {
    const calibration = calibrationOf(learnAll(reports(40, 0.8, 0.05)), 'llama');
    expect(Math.abs(calibration.factor - 0.8)).toBeLessThan(0.02);
  });

  it('lets one absurd report move the factor only a little', () => {
    const settled = learnAll(reports(20, 1.3, 0.02));
    const hit = learnRatio(settled, 1_000, 100_000);
    expect(Math.abs(calibrationOf(hit, 'm').factor - 1.3)).toBeLessThan(0.05);
  });

  it('learns nothing from reports without an actual count or with zero tokens', () => {
    const settled = learnAll(reports(10, 1.3, 0.02));
    expect(learnRatio(settled, 1_000, null)).toBe(settled);
    expect(learnRatio(settled, 0, 1_000)).toBe(settled);
    expect(learnRatio(settled, 1_000, 0)).toBe(settled);
  });

  it('follows a provider that changed its tokenizer, within its window', () => {
    const before = learnAll(reports(WINDOW, 1.3, 0.02));
    const after = learnAll(reports(3 * WINDOW, 1.1, 0.02, 11), before);
    expect(after.samples).toBe(WINDOW);
    expect(Math.abs(calibrationOf(after, 'm').factor - 1.1)).toBeLessThan(0.03);
  });

  it('round-trips through its stored document and skips what is unreadable', () => {
    const stats = learnAll(reports(10, 1.3, 0.05));
    const json = calibrationToJson({ 'claude|o200k_base': stats });
    expect(calibrationFromJson(JSON.parse(JSON.stringify(json)))).toEqual({ 'claude|o200k_base': stats });
    expect(CALIBRATION_DOCUMENT).toBe('calibration');
    expect(calibrationFromJson(undefined)).toEqual({});
    expect(calibrationFromJson({ version: 2, models: {} })).toEqual({});
    expect(
      calibrationFromJson({
        version: 1,
        models: {
          good: { samples: 2, mean: 0.1, variance: 0.01 },
          negative: { samples: 2, mean: 0.1, variance: -1 },
          text: { samples: '2', mean: 0.1, variance: 0.01 },
          list: [1, 2],
        },
      }),
    ).toEqual({ good: { samples: 2, mean: 0.1, variance: 0.01 } });
  });
});
