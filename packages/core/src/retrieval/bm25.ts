import { tokenize } from '../tokenize/index.js';
import { checkBm25Accumulate, checkBm25Doc, checkBm25Input, checkBm25Term } from './input.js';

/** One field of a document and how much a term occurrence in it counts (BM25F-style: weighted term frequency). */
export interface WeightedField {
  readonly text: string;
  readonly weight: number;
}

export interface Bm25Options {
  /** Term-frequency saturation. Default 1.2. */
  readonly k1?: number;
  /** Length normalisation, 0 (none) to 1 (full). Default 0.75. */
  readonly b?: number;
  /** Text → terms. Default `tokenize`; queries must be split the same way. */
  readonly tokenize?: (text: string) => string[];
}

let idfOf: (index: Bm25Index, term: string) => number;
let scoreOf: (index: Bm25Index, doc: number, terms: readonly string[]) => number;
let matchedOf: (index: Bm25Index, doc: number, terms: readonly string[]) => string[];
let hasOf: (index: Bm25Index, term: string) => boolean;
let accumulateOf: (
  index: Bm25Index,
  terms: readonly string[],
  scores: Float64Array,
  touched: number[],
  scale: number,
) => void;

/**
 * A BM25F index: a document's term frequency is the sum over its fields of occurrences × field weight, so a term in
 * an item's name counts several times one in its description, and length normalisation sees the weighted length.
 * Postings of every term are stored flat in two typed arrays (document ids and precomputed term weights), so a
 * query only walks contiguous memory and adds numbers; nothing is allocated per document.
 */
export class Bm25Index {
  readonly size: number;
  readonly k1: number;
  /** Term → its number; its postings are `docs/weights[offsets[n] .. offsets[n + 1])`. */
  readonly #terms: Map<string, number>;
  readonly #offsets: Int32Array;
  readonly #docs: Int32Array;
  /** tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen)): BM25 without the idf. */
  readonly #weights: Float32Array;
  readonly #idf: Float64Array;

  constructor(documents: readonly (readonly WeightedField[])[], options: Bm25Options = {}) {
    checkBm25Input(documents, options);
    const k1 = options.k1 ?? 1.2;
    const b = options.b ?? 0.75;
    const terms = options.tokenize ?? tokenize;
    this.k1 = k1;
    this.size = documents.length;
    const frequencies = documents.map((fields) => {
      const tf = new Map<string, number>();
      for (const { text, weight } of fields) {
        if (weight <= 0) continue;
        for (const term of terms(text)) tf.set(term, (tf.get(term) ?? 0) + weight);
      }
      return tf;
    });
    const lengths = frequencies.map((tf) => {
      let length = 0;
      for (const value of tf.values()) length += value;
      return length;
    });
    const averageLength = lengths.reduce((sum, length) => sum + length, 0) / (this.size || 1) || 1;
    const ids = new Map<string, number>();
    const documentFrequency: number[] = [];
    for (const tf of frequencies) {
      for (const term of tf.keys()) {
        let id = ids.get(term);
        if (id === undefined) {
          id = ids.size;
          ids.set(term, id);
          documentFrequency.push(0);
        }
        documentFrequency[id] = (documentFrequency[id] as number) + 1;
      }
    }
    const offsets = new Int32Array(ids.size + 1);
    for (let id = 0; id < ids.size; id++)
      offsets[id + 1] = (offsets[id] as number) + (documentFrequency[id] as number);
    const total = offsets[ids.size] as number;
    const docs = new Int32Array(total);
    const weights = new Float32Array(total);
    const fill = Int32Array.from(offsets.subarray(0, ids.size));
    frequencies.forEach((tf, doc) => {
      const norm = k1 * (1 - b + (b * (lengths[doc] as number)) / averageLength);
      for (const [term, f] of tf) {
        const id = ids.get(term) as number;
        const at = fill[id] as number;
        docs[at] = doc;
        weights[at] = (f * (k1 + 1)) / (f + norm);
        fill[id] = at + 1;
      }
    });
    const idf = new Float64Array(ids.size);
    for (let id = 0; id < ids.size; id++) {
      const df = documentFrequency[id] as number;
      idf[id] = Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
    }
    this.#terms = ids;
    this.#offsets = offsets;
    this.#docs = docs;
    this.#weights = weights;
    this.#idf = idf;
  }

  /** The idf of a term that occurs in a single document: the most one term can weigh in this index. */
  get maxIdf(): number {
    return Math.log(1 + (this.size - 0.5) / 1.5);
  }

  /** Whether any document has `term`; a ValidationError names a term that is not a string (`term`). */
  has(term: string): boolean {
    checkBm25Term(term);
    return this.#terms.has(term);
  }

  /** The idf of `term` (0 when no document has it); a ValidationError names a term that is not a string (`term`). */
  idf(term: string): number {
    checkBm25Term(term);
    return this.#idfOf(term);
  }

  #idfOf(term: string): number {
    const id = this.#terms.get(term);
    return id === undefined ? 0 : (this.#idf[id] as number);
  }

  /**
   * Adds every document's BM25 score for `terms` (distinct, already tokenized) into `scores`, scaled by `scale`,
   * and pushes each document it touches for the first time (its score was 0) onto `touched`. A ValidationError
   * names what is malformed: a term that is not a string (`terms[2]`), `scores` that is not a Float64Array of at
   * least `size` entries, `touched` that is not an array, or a `scale` that is not a finite number.
   */
  accumulate(terms: readonly string[], scores: Float64Array, touched: number[], scale = 1): void {
    checkBm25Accumulate(terms, scores, touched, scale, this.size);
    this.#accumulate(terms, scores, touched, scale);
  }

  #accumulate(terms: readonly string[], scores: Float64Array, touched: number[], scale: number): void {
    for (const term of terms) {
      const id = this.#terms.get(term);
      if (id === undefined) continue;
      const idf = (this.#idf[id] as number) * scale;
      const end = this.#offsets[id + 1] as number;
      for (let at = this.#offsets[id] as number; at < end; at++) {
        const doc = this.#docs[at] as number;
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] as number) + idf * (this.#weights[at] as number);
      }
    }
  }

  /**
   * One document's score for `terms`: exactly what `accumulate` adds up for it (same terms, same order, same
   * arithmetic), without walking every posting.
   */
  score(doc: number, terms: readonly string[]): number {
    checkBm25Doc(doc, terms, this.size);
    return this.#score(doc, terms);
  }

  #score(doc: number, terms: readonly string[]): number {
    let score = 0;
    for (const term of terms) {
      const id = this.#terms.get(term);
      if (id === undefined) continue;
      const at = this.#posting(id, doc);
      if (at >= 0) score = score + (this.#idf[id] as number) * (this.#weights[at] as number);
    }
    return score;
  }

  /** The terms among `terms` that occur in `doc`. */
  matched(doc: number, terms: readonly string[]): string[] {
    checkBm25Doc(doc, terms, this.size);
    return this.#matched(doc, terms);
  }

  #matched(doc: number, terms: readonly string[]): string[] {
    return terms.filter((term) => {
      const id = this.#terms.get(term);
      return id !== undefined && this.#posting(id, doc) >= 0;
    });
  }

  // The selectors' inner loop reaches the per-term methods through these, without the checks of the public ones:
  // what it passes comes from the index itself and its own tokenizer.
  static {
    idfOf = (index, term) => index.#idfOf(term);
    scoreOf = (index, doc, terms) => index.#score(doc, terms);
    matchedOf = (index, doc, terms) => index.#matched(doc, terms);
    hasOf = (index, term) => index.#terms.has(term);
    accumulateOf = (index, terms, scores, touched, scale) => index.#accumulate(terms, scores, touched, scale);
  }

  /** Where `doc` is in the postings of term `id` (documents ascending), or -1. */
  #posting(id: number, doc: number): number {
    let low = this.#offsets[id] as number;
    let high = (this.#offsets[id + 1] as number) - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.#docs[middle] as number;
      if (value === doc) return middle;
      if (value < doc) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }
}

/** `index.idf(term)` without its check, for the core's selectors (not exported from the package). */
export function idfUnchecked(index: Bm25Index, term: string): number {
  return idfOf(index, term);
}

/** `index.score(doc, terms)` without its check, for the core's selectors (not exported from the package). */
export function scoreUnchecked(index: Bm25Index, doc: number, terms: readonly string[]): number {
  return scoreOf(index, doc, terms);
}

/** `index.matched(doc, terms)` without its check, for the core's selectors (not exported from the package). */
export function matchedUnchecked(index: Bm25Index, doc: number, terms: readonly string[]): string[] {
  return matchedOf(index, doc, terms);
}

/** `index.has(term)` without its check, for the core's selectors (not exported from the package). */
export function hasUnchecked(index: Bm25Index, term: string): boolean {
  return hasOf(index, term);
}

/** `index.accumulate(…)` without its check, for the core's rankers (not exported from the package): it runs on
 * every selection, with terms from the index's own tokenizer and arrays the ranker sized itself. */
export function accumulateUnchecked(
  index: Bm25Index,
  terms: readonly string[],
  scores: Float64Array,
  touched: number[],
  scale = 1,
): void {
  accumulateOf(index, terms, scores, touched, scale);
}
