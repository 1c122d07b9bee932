import { accumulateUnchecked, type Bm25Index, scoreUnchecked } from './bm25.js';
import { topK } from './top-k.js';

/** A query's best documents, before eligibility: what a later run of the same query reuses. */
interface Run {
  /** Best first (score descending, then document ascending), at most `kept`. */
  readonly docs: Int32Array;
  readonly scores: ReadonlyMap<number, number>;
  readonly kept: number;
  /** `docs` holds every document the query touched. */
  readonly complete: boolean;
}

export interface LexicalRanking {
  /** The `k` best eligible documents, best first: exactly `topK(scores, k, touched, eligible)`. */
  readonly top: readonly number[];
  /** A document's BM25 score for the query (0 when it has none of its terms). */
  score(doc: number): number;
}

/** Documents kept per query beyond the `k` asked for, so that excluding a few of them still leaves `k`. */
const MARGIN = 64;

/**
 * BM25 rankings of recent queries. Triggers carry a message's sub-queries over to the next messages, so most of a
 * selection's sub-queries were ranked by one of the last few selections; walking the thousands of postings of
 * their terms again is what made selection grow. A run is a pure function of the (immutable) index and the
 * terms, so it is kept as it was; eligibility is applied on every call, as it may change between calls.
 */
export class LexicalRanker {
  readonly #index: Bm25Index;
  /** Scratch, all zeros between calls; rank() runs synchronously. */
  readonly #scores: Float64Array;
  readonly #runs = new Map<string, Run>();
  readonly #capacity: number;

  constructor(index: Bm25Index, capacity = 64) {
    this.#index = index;
    this.#scores = new Float64Array(index.size);
    this.#capacity = Math.max(1, capacity);
  }

  /** How many queries' runs are kept. */
  get size(): number {
    return this.#runs.size;
  }

  /** `terms` distinct and tokenized, as for `Bm25Index.accumulate`. */
  rank(terms: readonly string[], k: number, eligible: (doc: number) => boolean): LexicalRanking {
    const key = terms.join('\u0000');
    const held = this.#runs.get(key);
    if (held && held.kept >= k) {
      this.#runs.delete(key);
      this.#runs.set(key, held);
      const top = firstEligible(held.docs, k, eligible);
      if (top.length === k || held.complete) return this.#ranking(top, held.scores, terms);
    }
    const scores = this.#scores;
    const touched: number[] = [];
    accumulateUnchecked(this.#index, terms, scores, touched);
    const kept = k + MARGIN;
    const best = topK(scores, kept, touched);
    const run: Run = {
      docs: Int32Array.from(best),
      scores: new Map(best.map((doc) => [doc, scores[doc] as number])),
      kept,
      complete: best.length === touched.length,
    };
    let top = firstEligible(run.docs, k, eligible);
    let known = run.scores;
    if (top.length < k && !run.complete) {
      // More than MARGIN of the best are not eligible: rank the whole of what the query touched.
      top = topK(scores, k, touched, eligible);
      known = new Map(top.map((doc) => [doc, scores[doc] as number]));
    }
    for (const doc of touched) scores[doc] = 0;
    this.#runs.delete(key);
    this.#runs.set(key, run);
    if (this.#runs.size > this.#capacity) this.#runs.delete(this.#runs.keys().next().value as string);
    return this.#ranking(top, known, terms);
  }

  #ranking(
    top: readonly number[],
    known: ReadonlyMap<number, number>,
    terms: readonly string[],
  ): LexicalRanking {
    return { top, score: (doc) => known.get(doc) ?? scoreUnchecked(this.#index, doc, terms) };
  }
}

function firstEligible(docs: Int32Array, k: number, eligible: (doc: number) => boolean): number[] {
  const top: number[] = [];
  for (let i = 0; i < docs.length && top.length < k; i++) {
    const doc = docs[i] as number;
    if (eligible(doc)) top.push(doc);
  }
  return top;
}
