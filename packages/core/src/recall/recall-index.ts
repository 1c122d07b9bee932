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
}

export interface RecallIndexOptions {
  /** Text → terms; the lexical path's tokenizer by default (stemmed English, words of every script). */
  readonly tokenize?: (text: string) => string[];
  /** BM25 term-frequency saturation and length normalisation. */
  readonly k1?: number;
  readonly b?: number;
}

/**
 * A term the index knows and the entries holding it; entries point at it, so each term's text is kept once. A
 * removed entry stays in the list, marked, until half the list is removed (an array costs far less than a set).
 */
interface Posting {
  readonly term: string;
  entries: Entry[];
  removed: number;
}

interface Entry {
  /** Its place in the score array of a search (slots of removed entries are reused). */
  readonly slot: number;
  readonly passage: RecallPassage;
  /** Its terms and their occurrences, flat (posting, count, posting, count, …): a map per message costs more. */
  readonly terms: (Posting | number)[];
  readonly length: number;
  removed: boolean;
}

/** How many live entries hold a posting's term. */
const frequency = (posting: Posting) => posting.entries.length - posting.removed;

/** How often an entry holds a term; 0 when it does not. */
function occurrences(entry: Entry, posting: Posting): number {
  const terms = entry.terms;
  for (let i = 0; i < terms.length; i += 2) if (terms[i] === posting) return terms[i + 1] as number;
  return 0;
}

/**
 * A lexical (BM25) index over committed messages that grows with each commit and forgets what is deleted: postings
 * per term hold the entries containing it, and the length normalisation uses the average length at query time, so
 * adding a message never rewrites the others. Pure data: the engine decides what goes in (redacted text, never a
 * private session).
 */
export class RecallIndex {
  readonly #tokenize: (text: string) => string[];
  readonly #k1: number;
  readonly #b: number;
  readonly #entries = new Map<string, Entry>();
  #slots = 0;
  readonly #freeSlots: number[] = [];
  readonly #postings = new Map<string, Posting>();
  /** Each session's entries by position, for neighbours and for forgetting a session. */
  readonly #sessions = new Map<string, Map<number, Entry>>();
  #totalLength = 0;
  #scores = new Float64Array(0);

  constructor(options: RecallIndexOptions = {}) {
    this.#tokenize = options.tokenize ?? createTokenizer();
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Adds a passage, replacing an earlier one with the same message id. */
  add(passage: RecallPassage): void {
    this.remove(passage.messageId);
    const counts = new Map<string, number>();
    let length = 0;
    for (const term of this.#tokenize(passage.text)) {
      counts.set(term, (counts.get(term) ?? 0) + 1);
      length += 1;
    }
    const terms: (Posting | number)[] = [];
    const slot = this.#freeSlots.pop() ?? this.#slots++;
    const entry: Entry = { slot, passage, terms, length, removed: false };
    for (const [term, count] of counts) {
      let posting = this.#postings.get(term);
      if (!posting) {
        posting = { term, entries: [], removed: 0 };
        this.#postings.set(term, posting);
      }
      posting.entries.push(entry);
      terms.push(posting, count);
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
    this.#freeSlots.push(entry.slot);
    entry.removed = true;
    for (let i = 0; i < entry.terms.length; i += 2) {
      const posting = entry.terms[i] as Posting;
      posting.removed += 1;
      if (posting.removed * 2 < posting.entries.length) continue;
      posting.entries = posting.entries.filter((held) => !held.removed);
      posting.removed = 0;
      if (posting.entries.length === 0) this.#postings.delete(posting.term);
    }
    const session = this.#sessions.get(entry.passage.sessionId);
    session?.delete(entry.passage.position);
    if (session?.size === 0) this.#sessions.delete(entry.passage.sessionId);
    this.#totalLength -= entry.length;
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
  search({ query, limit, excludeMessages }: RecallSearch): RecallHit[] {
    const count = this.#entries.size;
    if (count === 0 || limit <= 0) return [];
    const k1 = this.#k1;
    // The query's terms the index knows, rarest first, each with the most it can add to one message's score.
    const known: { term: string; posting: Posting; idf: number }[] = [];
    let ceiling = 0;
    for (const term of new Set(this.#tokenize(query))) {
      const posting = this.#postings.get(term);
      if (!posting) continue;
      const df = frequency(posting);
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      known.push({ term, posting, idf });
      ceiling += idf * (k1 + 1);
    }
    if (known.length === 0) return [];
    known.sort((a, b) => b.idf - a.idf || (a.term < b.term ? -1 : 1));
    // rest[i]: the most terms i and after can give a message none of the terms before matched.
    const rest = new Float64Array(known.length + 1);
    for (let i = known.length - 1; i >= 0; i--)
      rest[i] = (rest[i + 1] as number) + (known[i] as { idf: number }).idf * (k1 + 1);
    const averageLength = this.#totalLength / count || 1;
    // Scores by slot in a typed array kept between searches (zero outside a search), and the entries touched: a map
    // keyed by entry, or a new array per search, cost most of a search in a large index.
    if (this.#scores.length < this.#slots) this.#scores = new Float64Array(Math.max(1024, this.#slots * 2));
    const scores = this.#scores;
    const touched: Entry[] = [];
    // Once no message the earlier terms missed can reach the best `limit` found so far (partial scores only grow),
    // the common terms only add to messages already found: the result is the same, and a common word in a large
    // index no longer touches most of it.
    let closed = false;
    for (const [i, { posting, idf }] of known.entries()) {
      if (!closed && touched.length >= limit && (rest[i] as number) < kthScore(touched, scores, limit))
        closed = true;
      const add = (entry: Entry, tf: number) => {
        const norm = k1 * (1 - this.#b + (this.#b * entry.length) / averageLength);
        scores[entry.slot] = (scores[entry.slot] as number) + (idf * tf * (k1 + 1)) / (tf + norm);
      };
      if (closed && touched.length < frequency(posting)) {
        for (const entry of touched) {
          const tf = occurrences(entry, posting);
          if (tf > 0) add(entry, tf);
        }
        continue;
      }
      for (const entry of posting.entries) {
        if (entry.removed) continue;
        if (scores[entry.slot] === 0) {
          if (closed || excludeMessages?.has(entry.passage.messageId)) continue;
          touched.push(entry);
        }
        add(entry, occurrences(entry, posting));
      }
    }
    const hits: RecallHit[] = touched.map((entry) => {
      const score = scores[entry.slot] as number;
      scores[entry.slot] = 0;
      return { passage: entry.passage, score, relevance: score / ceiling };
    });
    return best(hits, limit);
  }
}

/** The `k`-th highest score among the entries (k ≤ their number), by quickselect: linear on average. */
function kthScore(entries: readonly Entry[], scores: Float64Array, k: number): number {
  const values = new Float64Array(entries.length);
  for (const [i, entry] of entries.entries()) values[i] = scores[entry.slot] as number;
  const target = values.length - k;
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1] as number;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i++] = values[j] as number;
        values[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target] as number;
}

/** `a` ranks before `b`: a higher score, then the earlier session and position. */
function before(a: RecallHit, b: RecallHit): boolean {
  return a.score > b.score || (a.score === b.score && compareSessions(a.passage, b.passage) < 0);
}

/**
 * The `k` best hits, best first: exactly the first `k` of a full sort, through a bounded heap whose root is the
 * worst kept, so a query that touches most of a large index does not sort all of it.
 */
function best(hits: readonly RecallHit[], k: number): RecallHit[] {
  const heap: RecallHit[] = [];
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [heap[j] as RecallHit, heap[i] as RecallHit];
  };
  for (const hit of hits) {
    if (heap.length < k) {
      heap.push(hit);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent] as RecallHit, heap[at] as RecallHit)) break;
        swap(at, parent);
        at = parent;
      }
    } else if (before(hit, heap[0] as RecallHit)) {
      heap[0] = hit;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && before(heap[worst] as RecallHit, heap[left] as RecallHit)) worst = left;
        if (right < heap.length && before(heap[worst] as RecallHit, heap[right] as RecallHit)) worst = right;
        if (worst === at) break;
        swap(at, worst);
        at = worst;
      }
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : 1));
}

function compareSessions(a: RecallPassage, b: RecallPassage): number {
  if (a.sessionId !== b.sessionId) return a.sessionId < b.sessionId ? -1 : 1;
  return a.position - b.position;
}
