import type { JsonValue } from '../catalog/index.js';
import type { PlanCalibration } from '../planner/index.js';

/**
 * What usage reports taught about one model: the log of actual ÷ estimated prompt tokens, as a running mean and
 * variance. Logs, so 1.3× and 1/1.3× are equally far from 1; running over the last `WINDOW` reports at most, so a
 * provider that changes its tokenizer is followed.
 */
export interface RatioStats {
  /** Reports learned from, at most `WINDOW`. */
  readonly samples: number;
  readonly mean: number;
  readonly variance: number;
}

/** How many reports the running mean weighs at most: older ones fade out. */
export const WINDOW = 50;
/** Reports needed before a model's factor shrinks the planner's budget (the planner's own rule) and odd reports are clipped. */
export const MIN_SAMPLES = 3;
/** The spread assumed (in log units, ≈ ±25 %) before there are reports: tokenizers differ about that much. */
export const PRIOR_SPREAD = 0.25;
/** A report further than this many spreads from the mean is clipped there: one odd report cannot swing the factor. */
const CLIP = 4;

export const EMPTY_STATS: RatioStats = { samples: 0, mean: 0, variance: 0 };

/**
 * The range a model's factor stays in: tokenizers of the same text differ by well under 2× either way, so a factor
 * outside it says the reports are wrong (a proxy's bug, a count of the whole conversation), not the tokenizer.
 */
export const FACTOR_RANGE = { min: 0.5, max: 2 } as const;
/** A report whose actual count is beyond this many times (or this fraction of) the estimate is ignored, not learned. */
export const OUTLIER_RATIO = 4;

/**
 * The stats after one more report; reports without an actual count (or with a zero), with counts that are not
 * finite, or that differ from the estimate by more than `OUTLIER_RATIO` either way teach nothing.
 */
export function learnRatio(stats: RatioStats, estimated: number, actual: number | null): RatioStats {
  if (actual === null || !(actual > 0) || !(estimated > 0)) return stats;
  if (!Number.isFinite(actual) || !Number.isFinite(estimated)) return stats;
  if (actual / estimated > OUTLIER_RATIO || estimated / actual > OUTLIER_RATIO) return stats;
  let ratio = Math.log(actual / estimated);
  const spread = Math.sqrt(stats.variance);
  if (stats.samples >= MIN_SAMPLES && spread > 0) {
    ratio = Math.min(stats.mean + CLIP * spread, Math.max(stats.mean - CLIP * spread, ratio));
  }
  const samples = Math.min(stats.samples + 1, WINDOW);
  const delta = ratio - stats.mean;
  const mean = stats.mean + delta / samples;
  // The exponentially weighted form of Welford's update: exact for the first WINDOW reports, then fading.
  const variance = (1 - 1 / samples) * (stats.variance + (delta * delta) / samples);
  return { samples, mean, variance };
}

/**
 * The factor the planner's counts are multiplied by for this model, and its spread (log units): the reports'
 * spread plus the mean's own uncertainty, or the prior before there are two reports.
 */
export function calibrationOf(stats: RatioStats, model: string): PlanCalibration {
  const spread =
    stats.samples < 2 ? PRIOR_SPREAD : Math.sqrt(stats.variance + stats.variance / stats.samples);
  const factor = Math.min(FACTOR_RANGE.max, Math.max(FACTOR_RANGE.min, Math.exp(stats.mean)));
  return {
    model,
    factor: round(Number.isFinite(factor) ? factor : 1),
    spread: round(Number.isFinite(spread) ? Math.min(spread, 1) : PRIOR_SPREAD),
    samples: stats.samples,
  };
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Stats by `<model>|<encoding>`, as the calibration document stores them. */
export type CalibrationTable = Readonly<Record<string, RatioStats>>;

export const CALIBRATION_DOCUMENT = 'calibration';

export function calibrationKey(model: string, encoding: string): string {
  return `${model}|${encoding}`;
}

export function calibrationToJson(table: CalibrationTable): JsonValue {
  return { version: 1, models: table as unknown as JsonValue };
}

/** The table a stored document holds; anything unreadable is skipped (it is learned again), never thrown. */
export function calibrationFromJson(value: JsonValue | undefined): CalibrationTable {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value.version !== 1) return {};
  const models = value.models;
  if (!models || typeof models !== 'object' || Array.isArray(models)) return {};
  const table: Record<string, RatioStats> = {};
  for (const [key, entry] of Object.entries(models)) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const { samples, mean, variance } = entry;
    if (
      typeof samples === 'number' &&
      Number.isInteger(samples) &&
      samples >= 0 &&
      typeof mean === 'number' &&
      Number.isFinite(mean) &&
      typeof variance === 'number' &&
      variance >= 0 &&
      Number.isFinite(variance)
    ) {
      table[key] = { samples: Math.min(samples, WINDOW), mean, variance };
    }
  }
  return table;
}
