import type { ItemKey, JsonValue } from '../catalog/index.js';
import { CorruptRecordError, isCtxkitError, reportError } from '../errors/index.js';
import type { LearnedEvidence, UseKind, UseTally } from '../retrieval-types/index.js';
import { readSharedDocument, type SharedDocumentShape, setAside } from '../shared-documents/index.js';
import { type DocumentStore, updateDocument } from '../store-types/index.js';
import { tokenize } from '../tokenize/index.js';

export interface UseEvent {
  readonly kind: UseKind;
  /** The user message the evidence is about. */
  readonly query: string;
  readonly keys: readonly ItemKey[];
  /**
   * How much this evidence counts, 0–1 (default 1): sessions give a reply's references less weight the more of what
   * it was sent it names (`referenceWeight`), since naming everything tells nothing about what was of use.
   */
  readonly weight?: number;
}

export const USE_KINDS: readonly UseKind[] = [
  'called',
  'referenced',
  'pinned',
  'accepted',
  'unused',
  'removed',
  'not-relevant',
];

/** How much each kind of evidence moves a (term → item) weight, before it is spread over the query's terms. */
export const USE_WEIGHTS: Readonly<Record<UseKind, number>> = Object.freeze({
  called: 1,
  referenced: 0.5,
  pinned: 2,
  accepted: 2,
  unused: -0.2,
  removed: -2,
  'not-relevant': -2,
});

/**
 * `unused` lowers a (term → item) weight no further than this: an item that was sent and not used, however often,
 * ends slightly below an item never seen, and one use lifts it again. Only what the user says can push it lower.
 */
export const UNUSED_FLOOR = -0.25;

export interface LearnedScore {
  /** In (−1, 1): how strongly past use ties these terms to the item; negative when the evidence is against it. */
  readonly score: number;
  /** The query terms that carried evidence for the item, strongest first. */
  readonly evidence: readonly LearnedEvidence[];
  /** Every kind of evidence the item has gathered, strongest first: what moved it, and by how much. */
  readonly uses: readonly UseTally[];
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
  /**
   * Changes are written this long after the first unsaved one; `flush` writes at once, and so does an engine when
   * its page is hidden. Default 1,000 ms.
   */
  readonly writeDelayMs?: number;
}

interface Pair {
  weight: number;
  /** When it was last reinforced: eviction drops the oldest. */
  seq: number;
}

/**
 * Version 2 learns from evidence of use. Version 1 documents were learned from inclusion alone (every item a plan
 * sent counted as used), which reinforced retrieval's own mistakes: they are dropped on load, not converted.
 */
const DOCUMENT_VERSION = 2;
const INCLUSION_ONLY_VERSION = 1;

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
  /** item → kind → the evidence of that kind it gathered (each event's full weight), for provenance */
  readonly #tallies = new Map<ItemKey, Map<UseKind, number>>();
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
    const full = USE_WEIGHTS[event.kind];
    if (full === undefined) return;
    const weight = full * strengthOf(event);
    const terms = [...new Set(this.#tokenize(event.query))];
    // Evidence of no weight is not recorded at all, not even as a tally: it must leave learning as it was.
    if (terms.length === 0 || weight === 0) return;
    this.#seq++;
    const delta = weight / Math.sqrt(terms.length);
    for (const key of new Set(event.keys)) {
      for (const term of terms) this.#add(term, key, delta, this.#seq, event.kind === 'unused');
      this.#tally(key, event.kind, weight);
    }
    if (this.#pairs > this.maxPairs) this.#evict();
  }

  /** The evidence an item has gathered, by kind, strongest first. */
  usesOf(key: ItemKey): UseTally[] {
    const tallies = this.#tallies.get(key);
    if (!tallies) return [];
    return [...tallies]
      .map(([kind, weight]) => ({ kind, weight: round(weight) }))
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight) || (a.kind < b.kind ? -1 : 1));
  }

  #tally(key: ItemKey, kind: UseKind, weight: number): void {
    let tallies = this.#tallies.get(key);
    if (!tallies) {
      tallies = new Map();
      this.#tallies.set(key, tallies);
    }
    tallies.set(kind, (tallies.get(kind) ?? 0) + weight);
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
      into.set(key, { score: sum / (Math.abs(sum) + this.scale * maxIdf), evidence, uses: this.usesOf(key) });
    }
  }

  toJson(): JsonValue {
    const pairs: JsonValue[] = [];
    for (const [term, byItem] of this.#byTerm)
      for (const [key, { weight, seq }] of byItem) pairs.push([term, key, weight, seq]);
    const tallies: JsonValue[] = [];
    for (const [key, byKind] of this.#tallies)
      for (const [kind, weight] of byKind) tallies.push([key, kind, weight]);
    return { version: DOCUMENT_VERSION, seq: this.#seq, pairs, tallies };
  }

  /** Forgets everything learned. */
  clear(): void {
    this.#byTerm.clear();
    this.#termsPerItem.clear();
    this.#tallies.clear();
    this.#pairs = 0;
  }

  /**
   * Replaces what is in memory with a stored document. A malformed document throws a CorruptRecordError naming what
   * is wrong, and leaves memory as it was.
   */
  load(value: JsonValue): void {
    if (isInclusionOnly(value)) {
      this.clear();
      return;
    }
    const problem = malformed(value);
    if (problem !== null) throw new CorruptRecordError(`learned evidence '${this.documentKey}'`, problem);
    const { pairs, seq, tallies } = value as {
      pairs: [string, ItemKey, number, number][];
      seq: number;
      tallies: [ItemKey, UseKind, number][];
    };
    this.clear();
    this.#seq = seq;
    for (const [term, key, weight, at] of pairs) this.#add(term, key, weight, at, false);
    for (const [key, kind, weight] of tallies) this.#tally(key, kind, weight);
    if (this.#pairs > this.maxPairs) this.#evict();
  }

  #add(term: string, key: ItemKey, delta: number, seq: number, bounded: boolean): void {
    let byItem = this.#byTerm.get(term);
    if (!byItem) {
      byItem = new Map();
      this.#byTerm.set(term, byItem);
    }
    const pair = byItem.get(key);
    if (pair) {
      // Bounded evidence lowers a weight no further than the floor, and never raises one already below it.
      pair.weight = bounded
        ? Math.max(pair.weight + delta, Math.min(pair.weight, UNUSED_FLOOR))
        : pair.weight + delta;
      pair.seq = Math.max(pair.seq, seq);
      if (pair.weight === 0) this.#remove(term, key);
      return;
    }
    if (delta === 0) return;
    byItem.set(key, { weight: bounded ? Math.max(delta, UNUSED_FLOOR) : delta, seq });
    this.#termsPerItem.set(key, (this.#termsPerItem.get(key) ?? 0) + 1);
    this.#pairs++;
  }

  #remove(term: string, key: ItemKey): void {
    const byItem = this.#byTerm.get(term);
    if (!byItem?.delete(key)) return;
    if (byItem.size === 0) this.#byTerm.delete(term);
    const left = (this.#termsPerItem.get(key) ?? 1) - 1;
    if (left === 0) {
      this.#termsPerItem.delete(key);
      this.#tallies.delete(key);
    } else this.#termsPerItem.set(key, left);
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

/** An event's own weight, within 0–1; full when it has none (or one that is not a number). */
function strengthOf(event: UseEvent): number {
  const { weight } = event;
  if (typeof weight !== 'number' || Number.isNaN(weight)) return 1;
  return Math.min(1, Math.max(0, weight));
}

function isInclusionOnly(value: JsonValue): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    value.version === INCLUSION_ONLY_VERSION
  );
}

function malformed(value: JsonValue): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not an object';
  if (value.version !== DOCUMENT_VERSION) return `unknown version ${JSON.stringify(value.version)}`;
  const { pairs, seq, tallies } = value;
  if (!Array.isArray(pairs) || typeof seq !== 'number' || !Array.isArray(tallies))
    return 'pairs, tallies or seq missing';
  for (const [i, tally] of tallies.entries()) {
    if (
      !Array.isArray(tally) ||
      typeof tally[0] !== 'string' ||
      !USE_KINDS.includes(tally[1] as UseKind) ||
      typeof tally[2] !== 'number' ||
      !Number.isFinite(tally[2])
    )
      return `tally ${i} is not [key, kind, weight]`;
  }
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
 * rewritten). `flush()` writes what is pending now, evidence still waiting for the stored document to load
 * included, and resolves once it is stored. An engine flushes when its page is hidden (`pagehide`, or
 * `visibilitychange` to hidden), so a reload right after a reply keeps what it taught.
 */
export class PersistedUseMemory {
  readonly memory: UseMemory;
  readonly #options: LearningOptions;
  readonly #store: DocumentStore | undefined;
  readonly #delay: number;
  readonly #shape: SharedDocumentShape;
  #loading: Promise<void> | undefined;
  #saving: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Recorded here and not yet stored: what a save adds to the stored document. */
  #pending: UseEvent[] = [];
  /** Evidence handed to `record` and not yet in memory (the stored evidence is loading). */
  readonly #recording = new Set<Promise<void>>();

  constructor(store: DocumentStore | undefined, options: LearningOptions = {}) {
    this.memory = new UseMemory(options);
    this.#options = options;
    this.#store = store;
    this.#delay = Math.max(0, options.writeDelayMs ?? 1_000);
    this.#shape = learnedDocumentShape(this.memory.documentKey);
  }

  /**
   * Loads the stored evidence once. A corrupt document, or a store that cannot be read, is reported and learning
   * starts empty: selection must not fail for want of what it learned.
   */
  ready(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        // A malformed document is set aside whole (kept, reported) and learning starts empty.
        const stored = this.#store && (await readSharedDocument(this.#store, this.#shape));
        if (stored !== undefined) this.memory.load(stored);
      } catch (error) {
        reportError(error);
      }
    })();
    return this.#loading;
  }

  record(event: UseEvent): Promise<void> {
    const recording = this.#record(event);
    // A flush waits for evidence handed over before it, even while the stored evidence is still loading.
    this.#recording.add(recording);
    const settled = () => this.#recording.delete(recording);
    recording.then(settled, settled);
    return recording;
  }

  async #record(event: UseEvent): Promise<void> {
    await this.ready();
    this.memory.record(event);
    if (!this.#store) return;
    this.#pending.push(event);
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      // A store closed meanwhile (the page is going away, or the host closed it) takes nothing more: not an error.
      this.#save().catch((error: unknown) => {
        if (!isCtxkitError(error, 'store_closed')) reportError(error);
      });
    }, this.#delay);
    // In Node, a pending write must not keep the process alive.
    (this.#timer as { unref?: () => void }).unref?.();
  }

  /** Writes pending evidence now; resolves when everything recorded so far is stored. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.#recording]);
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    return this.#save();
  }

  /** Everything learned, as the stored document (JSON). */
  async export(): Promise<JsonValue> {
    await this.ready();
    return this.memory.toJson();
  }

  /** Forgets everything learned, here and in the store. */
  async reset(): Promise<void> {
    await this.ready();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pending = [];
    this.memory.clear();
    const store = this.#store;
    if (!store) return;
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(() => store.putDocument(this.memory.documentKey, this.memory.toJson()));
    await this.#saving;
  }

  /**
   * Adds this engine's new evidence to the document as stored now, not as it was loaded: another tab learning at the
   * same time keeps what it stored. Then this memory becomes the merged whole, plus what was recorded meanwhile.
   */
  #save(): Promise<void> {
    const store = this.#store;
    if (!store) return this.#saving;
    this.#saving = this.#saving
      .catch(() => undefined)
      .then(async () => {
        const events = this.#pending;
        if (events.length === 0) return;
        this.#pending = [];
        const key = this.memory.documentKey;
        const merge = (stored: JsonValue | undefined): JsonValue => {
          const merged = new UseMemory(this.#options);
          // Written over, a malformed document would be lost: it is set aside first (below), then merged into.
          const problem = stored === undefined ? null : this.#shape.problem(stored);
          if (problem !== null) throw new MalformedLearning(stored as JsonValue, problem);
          if (stored !== undefined) merged.load(stored);
          for (const event of events) merged.record(event);
          return merged.toJson();
        };
        let document: JsonValue;
        try {
          try {
            document = await updateDocument(store, key, merge);
          } catch (error) {
            if (!(error instanceof MalformedLearning)) throw error;
            await setAside(store, this.#shape, error.value, error.problem);
            document = await updateDocument(store, key, merge);
          }
        } catch (error) {
          this.#pending = [...events, ...this.#pending];
          throw error;
        }
        this.memory.load(document);
        for (const event of this.#pending) this.memory.record(event);
      });
    return this.#saving;
  }
}

/** The learned-evidence document as a shared document: checked on read, set aside whole and restarted when malformed. */
export function learnedDocumentShape(key: string): SharedDocumentShape {
  return {
    key,
    // A version 1 document is not malformed: it is dropped on load by design (see INCLUSION_ONLY_VERSION).
    problem: (value) => (isInclusionOnly(value) ? null : malformed(value)),
    restart: () => new UseMemory().toJson(),
  };
}

/** A stored document found malformed inside an atomic update, which must not write over it. */
class MalformedLearning extends Error {
  constructor(
    readonly value: JsonValue,
    readonly problem: string,
  ) {
    super(problem);
  }
}
