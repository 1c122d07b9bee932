import type { RecallWeights } from '../planner/index.js';

/** How long it takes a passage's recency to fall halfway from 1 to RECENCY_FLOOR. */
const RECENCY_HALF_LIFE_DAYS = 30;
/** The least recency: an old passage keeps this share of its relevance, so what was said long ago stays findable. */
const RECENCY_FLOOR = 0.8;
/** The importance of a passage quoting a message the user pinned in its conversation. */
const PINNED_IMPORTANCE = 1.25;
const DAY_MS = 86_400_000;

/**
 * A passage's score from its relevance, when it was said (ISO 8601), whether the user pinned a message of it and, with
 * an embedder, its similarity in meaning to the message, against `now`: relevance × recency × importance
 * (× (0.5 + 0.5 × similarity)), at most 1. A date that cannot be read counts as now.
 */
export function recallWeights(
  relevance: number,
  createdAt: string,
  pinned: boolean,
  now: string,
  similarity?: number,
): { score: number; weights: RecallWeights } {
  const age = Math.max(0, (Date.parse(now) - Date.parse(createdAt)) / DAY_MS) || 0;
  const recency = RECENCY_FLOOR + (1 - RECENCY_FLOOR) * 0.5 ** (age / RECENCY_HALF_LIFE_DAYS);
  const importance = pinned ? PINNED_IMPORTANCE : 1;
  const meaning = similarity === undefined ? 1 : 0.5 + 0.5 * similarity;
  return {
    score: Math.min(1, relevance * recency * importance * meaning),
    weights: { relevance, recency, importance, ...(similarity !== undefined && { similarity }) },
  };
}
