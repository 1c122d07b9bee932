import type { ItemKey, JsonValue } from '../catalog/index.js';
import { CorruptRecordError, reportError } from '../errors/index.js';
import type { DocumentStore } from '../store/index.js';
import { tokenize } from './tokenize.js';

/**
 * What people did with an agent item after a message: it was sent with a turn they committed (weak evidence: the
 * model used it and nobody objected), they pinned it (strong), or they removed it (strong, against).
 */
export type UseEvent = {
  readonly kind: 'included' | 'pinned' | 'removed';
  /** The user message the evidence is about. */
  readonly query: string;
  readonly keys: readonly ItemKey[];
};

/** How much each kind of evidence moves a (term → item) weight. */
export const USE_WEIGHTS: Readonly<Record<UseEvent['kind'], number>> = Object.freeze({
  included: 0.5,
  pinned: 2,
  removed: -2,
});

export interface LearnedEvidence {
  /** The query term and the accumulated weight it carries for the item (negative: the item was removed). */
  readonly term: string;
  readonly weight: number;
}

export interface LearnedScore {
  /** In (−1, 1): how strongly past use ties these terms to the item; negative when the evidence is against it. */
  readonly score: number;
  /** The query terms that carried evidence for the item, strongest first. */
  readonly evidence: readonly LearnedEvidence[];
}

export interface LearningOptions {
  /** At most this many (term, item) pairs are kept; past it the least recently reinforced go. Default 20,000. */
  readonly maxPairs?: number;
  /** κ of the learned score's calibration, as for the lexical path (smaller: evidence counts sooner). Default 0.5. */
  readonly scale?: number;
  /** Text → terms. Default `tokenize` (the selector passes its own). */
  readonly tokenize?: (text: string) => string[];
  /** The store document evidence is kept in. Default `ctxkit.retrieval.learned`. */
  readonly documentKey?: string;
  /** Changes are written this long after the first unsaved one (`flush` writes at once). Default 1,000 ms. */
  readonly writeDelayMs?: number;
}

interface Pair {
  weight: number;
  /** When it was last reinforced: eviction drops the oldest. */
  seq: number;
}

const DOCUMENT_VERSION = 1;

/**
 * (query term → item) evidence learned from use, on the device. Memory is bounded by `maxPairs` (measured: about
 * 150 bytes of heap and 60 of JSON a pair, so 20,000 pairs ≈ 3 MB and 1.2 MB): when more are added, the least
 * recently reinforced tenth is dropped. It is kept whole in one store document.
 *
 * Scoring treats each item's evidence as a little document of weighted query terms, scored like BM25: a term's
 * weight saturates (w / (|w| + 1)) and counts by its idf over the items that have evidence, so words every query
 * uses ("find", "want") carry almost nothing and distinctive ones carry a lot.
 */
export class UseMemory {
  readonly maxPairs: number;
  readonly documentKey: string;
  readonly scale: number;
  readonly #tokenize: (text: string) => string[];
  /** term → item → pair */
  readonly #byTerm = new Map<string, Map<ItemKey, Pair>>();
  /** item → number of terms with evidence for it */
  readonly #termsPerItem = new Map<ItemKey, number>();
  #pairs = 0;
  #seq = 0;

  constructor(options: LearningOptions = {}) {
    this.maxPairs = Math.max(1, options.maxPairs ?? 20_000);
    this.documentKey = options.documentKey ?? 'ctxkit.retrieval.learned';
    this.scale = options.scale ?? 0.5;
    this.#tokenize = options.tokenize ?? tokenize;
  }

  get size(): number {
    return this.#pairs;
  }

  get items(): number {
    return this.#termsPerItem.size;
  }

  record(event: UseEvent): void {
    const delta = USE_WEIGHTS[event.kind];
    const terms = [...new Set(this.#tokenize(event.query))];
    if (terms.length === 0) return;
    this.#seq++;
    for (const key of new Set(event.keys)) {
      for (const term of terms) this.#add(term, key, delta / Math.sqrt(terms.length), this.#seq);
    }
    if (this.#pairs > this.maxPairs) this.#evict();
  }

  /** Scores every item with evidence for `terms` (distinct, tokenized) into `into`. */
  score(terms: readonly string[], into: Map<ItemKey, LearnedScore>): void {
    const items = this.#termsPerItem.size;
    if (items === 0) return;
    const maxIdf = Math.log(1 + (items - 0.5) / 1.5);
    const sums = new Map<ItemKey, { sum: number; evidence: LearnedEvidence[] }>();
    for (const term of terms) {
      const pairs = this.#byTerm.get(term);
      if (!pairs) continue;
      const idf = Math.log(1 + (items - pairs.size + 0.5) / (pairs.size + 0.5));
      for (const [key, { weight }] of pairs) {
        let entry = sums.get(key);
        if (!entry) {
          entry = { sum: 0, evidence: [] };
          sums.set(key, entry);
        }
        entry.sum += (idf * weight) / (Math.abs(weight) + 1);
        entry.evidence.push({ term, weight: round(weight) });
      }
    }
    for (const [key, { sum, evidence }] of sums) {
      if (sum === 0) continue;
      evidence.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.term < b.term ? -1 : 1));
      into.set(key, { score: sum / (Math.abs(sum) + this.scale * maxIdf), evidence });
    }
  }

  toJson(): JsonValue {
    const pairs: JsonValue[] = [];
    for (const [term, byItem] of this.#byTerm)
      for (const [key, { weight, seq }] of byItem) pairs.push([term, key, weight, seq]);
    return { version: DOCUMENT_VERSION, seq: this.#seq, pairs };
  }

  /**
   * Replaces what is in memory with a stored document. A malformed document throws a CorruptRecordError naming what
   * is wrong, and leaves memory as it was.
   */
  load(value: JsonValue): void {
    const problem = malformed(value);
    if (problem !== null) throw new CorruptRecordError(`learned evidence '${this.documentKey}'`, problem);
    const { pairs, seq } = value as { pairs: [string, ItemKey, number, number][]; seq: number };
    this.#byTerm.clear();
    this.#termsPerItem.clear();
    this.#pairs = 0;
    this.#seq = seq;
    for (const [term, key, weight, at] of pairs) this.#add(term, key, weight, at);
    if (this.#pairs > this.maxPairs) this.#evict();
  }

  #add(term: string, key: ItemKey, delta: number, seq: number): void {
    let byItem = this.#byTerm.get(term);
    if (!byItem) {
      byItem = new Map();
      this.#byTerm.set(term, byItem);
    }
    const pair = byItem.get(key);
    if (pair) {
      pair.weight += delta;
      pair.seq = Math.max(pair.seq, seq);
      if (pair.weight === 0) this.#remove(term, key);
      return;
    }
    if (delta === 0) return;
    byItem.set(key, { weight: delta, seq });
    this.#termsPerItem.set(key, (this.#termsPerItem.get(key) ?? 0) + 1);
    this.#pairs++;
  }

  #remove(term: string, key: ItemKey): void {
    const byItem = this.#byTerm.get(term);
    if (!byItem?.delete(key)) return;
    if (byItem.size === 0) this.#byTerm.delete(term);
    const left = (this.#termsPerItem.get(key) ?? 1) - 1;
    if (left === 0) this.#termsPerItem.delete(key);
    else this.#termsPerItem.set(key, left);
    this.#pairs--;
  }

  // Dropping a tenth at a time keeps eviction amortised O(1) per pair added.
  #evict(): void {
    const all: { term: string; key: ItemKey; seq: number }[] = [];
    for (const [term, byItem] of this.#byTerm)
      for (const [key, { seq }] of byItem) all.push({ term, key, seq });
    all.sort((a, b) => a.seq - b.seq);
    const target = Math.floor(this.maxPairs * 0.9);
    for (const { term, key } of all.slice(0, this.#pairs - target)) this.#remove(term, key);
  }
}

function malformed(value: JsonValue): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  if (value.version !== DOCUMENT_VERSION) return `unknown version ${JSON.stringify(value.version)}`;
  const { pairs, seq } = value;
  if (!Array.isArray(pairs) || typeof seq !== 'number') return 'pairs or seq missing';
  for (const [i, pair] of pairs.entries()) {
    if (
      !Array.isArray(pair) ||
      typeof pair[0] !== 'string' ||
      typeof pair[1] !== 'string' ||
      typeof pair[2] !== 'number' ||
      !Number.isFinite(pair[2]) ||
      typeof pair[3] !== 'number'
    )
      return `pair ${i} is not [term, key, weight, seq]`;
  }
  return null;
}

function round(value: number): number {
  return Math.round(value * 1_000) / 1_000;
}

/**
 * A UseMemory kept in a store document: loaded once, before first use; written `writeDelayMs` after the first
 * change that is not yet stored, so a burst of turns costs one write, not one each (the whole document is
 * rewritten). `flush()` writes what is pending now and resolves once it is stored; a host that closes the page may
 * lose the last `writeDelayMs` of evidence unless it flushes.
 */
export class PersistedUseMemory {
  readonly memory: UseMemory;
  readonly #store: DocumentStore | undefined;
  readonly #delay: number;
  #loading: Promise<void> | undefined;
  #saving: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(store: DocumentStore | undefined, options: LearningOptions = {}) {
    this.memory = new UseMemory(options);
    this.#store = store;
    this.#delay = Math.max(0, options.writeDelayMs ?? 1_000);
  }

  /**
   * Loads the stored evidence once. A corrupt document, or a store that cannot be read, is reported and learning
   * starts empty: selection must not fail for want of what it learned.
   */
  ready(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        const stored = await this.#store?.getDocument(this.memory.documentKey);
        if (stored !== undefined) this.memory.load(stored);
      } catch (error) {
        reportError(error);
      }
    })();
    return this.#loading;
  }

  async record(event: UseEvent): Promise<void> {
    await this.ready();
    this.memory.record(event);
    if (!this.#store || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#save().catch(reportError);
    }, this.#delay);
    // In Node, a pending write must not keep the process alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Writes pending evidence now; resolves when everything recorded so far is stored. */
  flush(): Promise<void> {
    if (this.#timer === undefined) return this.#saving;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#save();
  }

  #save(): Promise<void> {
    const store = this.#store;
    if (!store) return this.#saving;
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(() => store.putDocument(this.memory.documentKey, this.memory.toJson()));
    return this.#saving;
  }
}
