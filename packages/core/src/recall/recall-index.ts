import { createTokenizer } from '../retrieval/index.js';

/** One committed message as the recall index keeps it: its (redacted) text, where it came from and when. */
export interface RecallPassage {
  readonly messageId: string;
  readonly sessionId: string;
  /** Its place in its session, so that neighbouring messages can be found. */
  readonly position: number;
  readonly text: string;
  /** ISO 8601, as the message was stored. */
  readonly createdAt: string;
}

export interface RecallHit {
  readonly passage: RecallPassage;
  /** BM25: grows with the query's length, so it ranks hits of one query. */
  readonly score: number;
  /**
   * The score as a share (0–1) of what a passage holding every query term the index knows could score: comparable
   * across queries, so a threshold on it means the same for a short question and a long one.
   */
  readonly relevance: number;
}

export interface RecallSearch {
  readonly query: string;
  readonly limit: number;
  /** Leave out these messages (say, what a session's own history already carries). */
  readonly excludeMessages?: ReadonlySet<string>;
  /**
   * Text the request sends anyway (the conversation's latest turns). A query word it holds is not news: it weighs
   * `carriedWeight` of its usual weight, so a message matching only such words ranks below one matching the rest of
   * the query, and its relevance (still a share of what every word at full weight could score) is lower.
   */
  readonly carried?: string;
}

export interface RecallIndexOptions {
  /** Text → terms; the lexical path's tokenizer by default (stemmed English, words of every script). */
  readonly tokenize?: (text: string) => string[];
  /** BM25 term-frequency saturation and length normalisation. */
  readonly k1?: number;
  readonly b?: number;
  /** What a query word found in `RecallSearch.carried` weighs, from above 0 to 1; 0.3 by default. */
  readonly carriedWeight?: number;
}

/** What a query word the request already carries weighs by default (see `RecallSearch.carried`). */
export const DEFAULT_CARRIED_WEIGHT = 0.3;

/**
 * A term the index knows and the messages holding it: (message number, occurrences) pairs in one typed array, by
 * message number (numbers only grow, so an added message goes at the end). A removed message's pair stays, its number
 * marked dead, until half the pairs are dead. Entries point at their postings, so each term's text is kept once.
 */
interface Posting {
  readonly term: string;
  pairs: Int32Array;
  /** Pairs in use. */
  size: number;
  /** Pairs of removed messages, still in `pairs`. */
  removed: number;
}

interface Entry {
  /** Its number: its place in the index's per-message arrays and in postings (renumbered when half are dead). */
  doc: number;
  readonly passage: RecallPassage;
  /** The postings of its terms, each once (its occurrences are in the postings). */
  readonly terms: Posting[];
  readonly length: number;
}

/** How many live entries hold a posting's term. */
const frequency = (posting: Posting) => posting.size - posting.removed;

/** A removed message's number: its length is marked so (a live one's is ≥ 0). */
const DEAD = -1;

/** A query term the index knows, with its BM25 idf (lowered when the request already carries the term). */
interface Known {
  readonly term: string;
  readonly posting: Posting;
  readonly idf: number;
}

/**
 * A lexical (BM25) index over committed messages that grows with each commit and forgets what is deleted: postings
 * per term hold the messages containing it, and the length normalisation uses the average length at query time, so
 * adding a message never rewrites the others. Pure data: the engine decides what goes in (redacted text, never a
 * private session).
 */
export class RecallIndex {
  readonly #tokenize: (text: string) => string[];
  readonly #k1: number;
  readonly #b: number;
  readonly #carriedWeight: number;
  readonly #entries = new Map<string, Entry>();
  /** Entries by number; a removed one's place is empty until the index is renumbered. */
  #docs: (Entry | undefined)[] = [];
  /** Each number's length in terms, DEAD once removed: read for every pair a search scores. */
  #lengths = new Int32Array(64);
  readonly #postings = new Map<string, Posting>();
  /** Each session's entries by position, for neighbours and for forgetting a session. */
  readonly #sessions = new Map<string, Map<number, Entry>>();
  #totalLength = 0;
  /** Scores by number, kept between searches (zero outside a search), and the numbers a search touched. */
  #scores = new Float64Array(0);
  #touched = new Int32Array(0);

  constructor(options: RecallIndexOptions = {}) {
    this.#tokenize = options.tokenize ?? createTokenizer();
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    const carriedWeight = options.carriedWeight ?? DEFAULT_CARRIED_WEIGHT;
    // A weight of 0 would leave a message's score at 0, which a search reads as "not found yet".
    if (!(carriedWeight > 0 && carriedWeight <= 1))
      throw new RangeError(`carriedWeight must be above 0 and at most 1, got ${carriedWeight}`);
    this.#carriedWeight = carriedWeight;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Adds a passage, replacing an earlier one with the same message id. */
  add(passage: RecallPassage): void {
    const counts = new Map<string, number>();
    for (const term of this.#tokenize(passage.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
    this.addCounted(passage, counts);
  }

  /**
   * Adds a passage whose terms were counted already (stored with the turn that wrote it), with no tokenizing; they
   * must be what this index's tokenizer makes of its text. Replaces an earlier one with the same message id.
   */
  addCounted(passage: RecallPassage, counts: ReadonlyMap<string, number>): void {
    this.remove(passage.messageId);
    let length = 0;
    for (const count of counts.values()) length += count;
    const doc = this.#docs.length;
    // Sized once: an array grown by push keeps room it never uses, in every message.
    const terms = new Array<Posting>(counts.size);
    const entry: Entry = { doc, passage, terms, length };
    this.#docs.push(entry);
    if (doc >= this.#lengths.length) this.#lengths = grown(this.#lengths, doc + 1);
    this.#lengths[doc] = length;
    let held = 0;
    for (const [term, count] of counts) {
      let posting = this.#postings.get(term);
      if (!posting) {
        posting = { term, pairs: new Int32Array(4), size: 0, removed: 0 };
        this.#postings.set(term, posting);
      }
      if (2 * posting.size + 2 > posting.pairs.length)
        posting.pairs = grown(posting.pairs, 2 * posting.size + 2);
      posting.pairs[2 * posting.size] = doc;
      posting.pairs[2 * posting.size + 1] = count;
      posting.size += 1;
      terms[held++] = posting;
    }
    this.#entries.set(passage.messageId, entry);
    const session = this.#sessions.get(passage.sessionId) ?? new Map<number, Entry>();
    this.#sessions.set(passage.sessionId, session);
    session.set(passage.position, entry);
    this.#totalLength += length;
  }

  /** Forgets one message; nothing happens when it is not indexed. */
  remove(messageId: string): void {
    const entry = this.#entries.get(messageId);
    if (!entry) return;
    this.#entries.delete(messageId);
    this.#docs[entry.doc] = undefined;
    this.#lengths[entry.doc] = DEAD;
    for (const posting of entry.terms) {
      posting.removed += 1;
      if (posting.removed * 2 < posting.size) continue;
      this.#sweep(posting);
      if (posting.size === 0) this.#postings.delete(posting.term);
    }
    const session = this.#sessions.get(entry.passage.sessionId);
    session?.delete(entry.passage.position);
    if (session?.size === 0) this.#sessions.delete(entry.passage.sessionId);
    this.#totalLength -= entry.length;
    // Numbers are never reused; once half are dead, the live ones are numbered again from 0, in the same order.
    if (this.#docs.length >= 64 && this.#entries.size * 2 < this.#docs.length) this.#renumber();
  }

  /** Drops a posting's pairs of removed messages. */
  #sweep(posting: Posting): void {
    const pairs = posting.pairs;
    const lengths = this.#lengths;
    let kept = 0;
    for (let i = 0; i < posting.size; i++) {
      const doc = pairs[2 * i] as number;
      if (lengths[doc] === DEAD) continue;
      pairs[2 * kept] = doc;
      pairs[2 * kept + 1] = pairs[2 * i + 1] as number;
      kept += 1;
    }
    posting.size = kept;
    posting.removed = 0;
    if (pairs.length > 8 && kept * 8 < pairs.length) posting.pairs = pairs.slice(0, Math.max(4, 4 * kept));
  }

  #renumber(): void {
    const renumbered = new Int32Array(this.#docs.length);
    const docs: Entry[] = [];
    const lengths = new Int32Array(Math.max(64, this.#entries.size * 2));
    for (const [doc, entry] of this.#docs.entries()) {
      if (!entry) continue;
      renumbered[doc] = docs.length;
      entry.doc = docs.length;
      lengths[docs.length] = entry.length;
      docs.push(entry);
    }
    for (const posting of this.#postings.values()) {
      this.#sweep(posting);
      const pairs = posting.pairs;
      for (let i = 0; i < posting.size; i++) pairs[2 * i] = renumbered[pairs[2 * i] as number] as number;
    }
    this.#docs = docs;
    this.#lengths = lengths;
    this.#scores = new Float64Array(0);
    this.#touched = new Int32Array(0);
  }

  /** Forgets every message of a session. */
  removeSession(sessionId: string): void {
    for (const entry of [...(this.#sessions.get(sessionId)?.values() ?? [])])
      this.remove(entry.passage.messageId);
  }

  /** The message at a position of a session, if indexed. */
  at(sessionId: string, position: number): RecallPassage | undefined {
    return this.#sessions.get(sessionId)?.get(position)?.passage;
  }

  /**
   * The best passages for a query, best first; ties by session and position, so the order is the same every time.
   * Only passages sharing a term with the query are scored.
   */
  search({ query, limit, excludeMessages, carried }: RecallSearch): RecallHit[] {
    const count = this.#entries.size;
    if (count === 0 || limit <= 0) return [];
    const carriedTerms = carried ? new Set(this.#tokenize(carried)) : null;
    const k1 = this.#k1;
    const b = this.#b;
    // The query's terms the index knows, rarest first, each with the most it can add to one message's score.
    const known: Known[] = [];
    let ceiling = 0;
    for (const term of new Set(this.#tokenize(query))) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const df = frequency(posting);
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      known.push({ term, posting, idf: carriedTerms?.has(term) ? idf * this.#carriedWeight : idf });
      ceiling += idf * (k1 + 1);
    }
    if (known.length === 0) return [];
    known.sort((a, c) => c.idf - a.idf || (a.term < c.term ? -1 : 1));
    // rest[i]: the most terms i and after can give a message none of the terms before matched.
    const rest = new Float64Array(known.length + 1);
    for (let i = known.length - 1; i >= 0; i--)
      rest[i] = (rest[i + 1] as number) + (known[i] as Known).idf * (k1 + 1);
    const averageLength = this.#totalLength / count || 1;
    const docs = this.#docs;
    if (this.#scores.length < docs.length) {
      this.#scores = new Float64Array(Math.max(1024, Math.ceil(docs.length * 1.25)));
      this.#touched = new Int32Array(this.#scores.length);
    }
    const scores = this.#scores;
    const touched = this.#touched;
    const lengths = this.#lengths;
    let found = 0;
    // Each term's scores are added in the same order (rarest first) for every message, so a message's score is the
    // same whatever else the index holds. Once no message the earlier terms missed can reach the best `limit` found
    // so far (partial scores only grow), the common terms only add to messages already found: the result is the
    // same, and a common word in a large index no longer adds most of it to the candidates.
    let closed = false;
    for (let i = 0; i < known.length; i++) {
      const { posting, idf } = known[i] as Known;
      if (!closed && found >= limit && kAbove(touched, found, scores, limit, rest[i] as number))
        closed = true;
      const pairs = posting.pairs;
      const size = posting.size;
      for (let p = 0; p < size; p++) {
        const doc = pairs[2 * p] as number;
        const length = lengths[doc] as number;
        if (length === DEAD) continue;
        const score = scores[doc] as number;
        if (score === 0) {
          if (closed || excludeMessages?.has((docs[doc] as Entry).passage.messageId)) continue;
          touched[found++] = doc;
        }
        const tf = pairs[2 * p + 1] as number;
        const norm = k1 * (1 - b + (b * length) / averageLength);
        scores[doc] = score + (idf * tf * (k1 + 1)) / (tf + norm);
      }
    }
    const kept = best(touched, found, scores, docs, limit);
    const hits: RecallHit[] = [];
    for (const doc of kept) {
      const score = scores[doc] as number;
      hits.push({ passage: (docs[doc] as Entry).passage, score, relevance: score / ceiling });
    }
    for (let i = 0; i < found; i++) scores[touched[i] as number] = 0;
    return hits;
  }
}

/** A copy of a typed array with room for at least `least` values (half as many again, for the next ones). */
function grown(values: Int32Array, least: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(Math.max(least, Math.ceil(values.length * 1.5)));
  copy.set(values);
  return copy;
}

/**
 * Whether at least `k` of the first `n` numbers score above `bound`, that is whether the `k`-th best score is above
 * it: one pass that stops at the `k`-th, instead of finding the `k`-th best score.
 */
function kAbove(numbers: Int32Array, n: number, scores: Float64Array, k: number, bound: number): boolean {
  let above = 0;
  for (let i = 0; i < n; i++)
    if ((scores[numbers[i] as number] as number) > bound && ++above >= k) return true;
  return false;
}

/**
 * The `k` best of the first `n` numbers, best first (a higher score, then the earlier session and position): exactly
 * the first `k` of a full sort, through a bounded heap whose root is the worst kept, so a query that touches most of
 * a large index does not sort all of it.
 */
function best(
  numbers: Int32Array,
  n: number,
  scores: Float64Array,
  docs: readonly (Entry | undefined)[],
  k: number,
): number[] {
  const before = (a: number, c: number) => {
    const sa = scores[a] as number;
    const sc = scores[c] as number;
    return (
      sa > sc || (sa === sc && compareSessions((docs[a] as Entry).passage, (docs[c] as Entry).passage) < 0)
    );
  };
  const heap: number[] = [];
  for (let i = 0; i < n; i++) {
    const doc = numbers[i] as number;
    if (heap.length < k) {
      heap.push(doc);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent] as number, heap[at] as number)) break;
        [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
        at = parent;
      }
    } else if (
      (scores[doc] as number) >= (scores[heap[0] as number] as number) &&
      before(doc, heap[0] as number)
    ) {
      heap[0] = doc;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && before(heap[worst] as number, heap[left] as number)) worst = left;
        if (right < heap.length && before(heap[worst] as number, heap[right] as number)) worst = right;
        if (worst === at) break;
        [heap[at], heap[worst]] = [heap[worst] as number, heap[at] as number];
        at = worst;
      }
    }
  }
  return heap.sort((a, c) => (before(a, c) ? -1 : 1));
}

function compareSessions(a: RecallPassage, b: RecallPassage): number {
  if (a.sessionId !== b.sessionId) return a.sessionId < b.sessionId ? -1 : 1;
  return a.position - b.position;
}
