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
  readonly score: number;
}

export interface RecallSearch {
  readonly query: string;
  readonly limit: number;
  /** Leave out these sessions' messages (say, what the session's own history already carries). */
  readonly excludeMessages?: ReadonlySet<string>;
}

export interface RecallIndexOptions {
  /** Text → terms; the lexical path's tokenizer by default (stemmed English, words of every script). */
  readonly tokenize?: (text: string) => string[];
  /** BM25 term-frequency saturation and length normalisation. */
  readonly k1?: number;
  readonly b?: number;
}

interface Entry {
  readonly passage: RecallPassage;
  /** Term → occurrences in the passage. */
  readonly terms: ReadonlyMap<string, number>;
  readonly length: number;
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
  readonly #postings = new Map<string, Set<Entry>>();
  /** Each session's entries by position, for neighbours and for forgetting a session. */
  readonly #sessions = new Map<string, Map<number, Entry>>();
  #totalLength = 0;

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
    const terms = new Map<string, number>();
    let length = 0;
    for (const term of this.#tokenize(passage.text)) {
      terms.set(term, (terms.get(term) ?? 0) + 1);
      length += 1;
    }
    const entry: Entry = { passage, terms, length };
    this.#entries.set(passage.messageId, entry);
    for (const term of terms.keys()) {
      const list = this.#postings.get(term) ?? new Set<Entry>();
      this.#postings.set(term, list);
      list.add(entry);
    }
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
    for (const term of entry.terms.keys()) {
      const list = this.#postings.get(term);
      list?.delete(entry);
      if (list?.size === 0) this.#postings.delete(term);
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

  has(messageId: string): boolean {
    return this.#entries.has(messageId);
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
    const terms = [...new Set(this.#tokenize(query))];
    const count = this.#entries.size;
    if (count === 0 || terms.length === 0 || limit <= 0) return [];
    const averageLength = this.#totalLength / count || 1;
    const scores = new Map<Entry, number>();
    for (const term of terms) {
      const list = this.#postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
      for (const entry of list) {
        if (excludeMessages?.has(entry.passage.messageId)) continue;
        const tf = entry.terms.get(term) as number;
        const norm = this.#k1 * (1 - this.#b + (this.#b * entry.length) / averageLength);
        scores.set(entry, (scores.get(entry) ?? 0) + (idf * tf * (this.#k1 + 1)) / (tf + norm));
      }
    }
    return [...scores]
      .sort(([a, x], [b, y]) => y - x || compareSessions(a.passage, b.passage))
      .slice(0, limit)
      .map(([entry, score]) => ({ passage: entry.passage, score }));
  }
}

function compareSessions(a: RecallPassage, b: RecallPassage): number {
  if (a.sessionId !== b.sessionId) return a.sessionId < b.sessionId ? -1 : 1;
  return a.position - b.position;
}
