import { checkCalibrateCosine, checkCalibrateLexical, checkFuse, checkWithLearning } from './input.js';

/**
 * How the ranking paths become one score in [0, 1], the "similarity" people see. Each path's raw score is first
 * calibrated to [0, 1] on a scale that means the same whatever the catalog's size:
 *
 * - lexical: s = bm25 / (bm25 + κ·idfMax), with idfMax the idf of a term found in one item. A query term found once
 *   in one item's description gives about 0.4; in its name, about 0.5; several such terms approach 1.
 * - vector: s = (cos − floor) / (1 − floor), clamped: cosines under `floor` (unrelated texts) give 0.
 *
 * Then `weighted` fusion takes a convex combination (when the vector path ran; otherwise the lexical score alone),
 * and learning from use moves the result towards 1 (or towards 0 for evidence against) by its own calibrated score.
 * `rrf` (reciprocal-rank fusion, normalised so rank 1 in both lists gives 1) is there for comparison: it ranks
 * well but says nothing about absolute relevance, so a mode's minimum score would mean little with it.
 */
export type Fusion =
  | { readonly kind: 'weighted'; readonly lexicalWeight: number }
  | { readonly kind: 'rrf'; readonly k: number };

export interface CalibrationOptions {
  /** κ of the lexical calibration. Default 1.5. */
  readonly lexicalScale?: number;
  /** Cosines at or under this score 0. Default 0.2. */
  readonly cosineFloor?: number;
}

export const DEFAULT_FUSION: Fusion = Object.freeze({ kind: 'weighted', lexicalWeight: 0.5 });

// The selectors call the unchecked functions below for every candidate of every request; what the package exports
// (`calibrateLexical`, `calibrateCosine`, `fuse`, `withLearning`) checks its arguments first, then does the same.

export function calibrateLexicalUnchecked(bm25: number, maxIdf: number, scale = 1.5): number {
  if (!(bm25 > 0)) return 0;
  return bm25 / (bm25 + scale * Math.max(maxIdf, 1e-9));
}

export function calibrateCosineUnchecked(cosine: number, floor = 0.2): number {
  if (!(cosine > floor)) return 0;
  return Math.min(1, (cosine - floor) / (1 - floor));
}

export interface PathScores {
  /** Calibrated lexical score and 1-based rank (null: not among the lexical path's candidates). */
  readonly lexical: number;
  readonly lexicalRank: number | null;
  /** Null when the vector path did not run. */
  readonly vector: number | null;
  readonly vectorRank: number | null;
}

/** The fused score of one item for one sub-query, in [0, 1], before learning. */
export function fuseUnchecked(scores: PathScores, fusion: Fusion = DEFAULT_FUSION): number {
  if (fusion.kind === 'rrf') {
    const part = (rank: number | null) => (rank === null ? 0 : 1 / (fusion.k + rank));
    const lists = scores.vector === null ? 1 : 2;
    return clamp01((part(scores.lexicalRank) + part(scores.vectorRank)) / (lists / (fusion.k + 1)));
  }
  if (scores.vector === null) return clamp01(scores.lexical);
  const w = fusion.lexicalWeight;
  return clamp01(w * scores.lexical + (1 - w) * scores.vector);
}

/**
 * Applies learned evidence (a score in (−1, 1)) to a fused score: positive evidence closes part of the gap to 1,
 * negative evidence shrinks the score towards 0; `weight` scales it. The result stays in [0, 1].
 */
export function withLearningUnchecked(base: number, learned: number, weight = 1): number {
  const effect = Math.max(-1, Math.min(1, learned * weight));
  return clamp01(effect >= 0 ? base + (1 - base) * effect : base * (1 + effect));
}

/** A BM25 score calibrated to [0, 1] (κ = `scale`); a ValidationError names a number that is not finite (`bm25`). */
export function calibrateLexical(bm25: number, maxIdf: number, scale = 1.5): number {
  checkCalibrateLexical(bm25, maxIdf, scale);
  return calibrateLexicalUnchecked(bm25, maxIdf, scale);
}

/** A cosine calibrated to [0, 1]; a ValidationError names a cosine that is not finite or a floor outside [−1, 1). */
export function calibrateCosine(cosine: number, floor = 0.2): number {
  checkCalibrateCosine(cosine, floor);
  return calibrateCosineUnchecked(cosine, floor);
}

/** The fused score of one item, in [0, 1]; a ValidationError names what is malformed (`scores.vectorRank`). */
export function fuse(scores: PathScores, fusion: Fusion = DEFAULT_FUSION): number {
  checkFuse(scores, fusion);
  return fuseUnchecked(scores, fusion);
}

/** A fused score moved by learned evidence; a ValidationError names what is out of range (`learned`). */
export function withLearning(base: number, learned: number, weight = 1): number {
  checkWithLearning(base, learned, weight);
  return withLearningUnchecked(base, learned, weight);
}

export function clamp01(value: number): number {
  return value > 0 ? Math.min(value, 1) : 0;
}
