import type { Catalog, CatalogItem, ItemKey, JsonValue } from '../catalog/index.js';
import type { Embedder } from '../embeddings/index.js';
import { hashString } from '../hash/index.js';
import type {
  CarryRelation,
  PathStatus,
  RetrievalHit,
  RetrievalSet,
  SelectionTimings,
  SubQuery,
} from '../retrieval-types/index.js';
import type { DocumentStore, EmbeddingCache } from '../store-types/index.js';
import { tokenize } from '../tokenize/index.js';
import { Bm25Index, type Bm25Options, hasUnchecked, idfUnchecked, matchedUnchecked } from './bm25.js';
import { continuityJudge } from './continuity.js';
import {
  type CalibrationOptions,
  calibrateCosineUnchecked,
  calibrateLexicalUnchecked,
  DEFAULT_FUSION,
  type Fusion,
  fuseUnchecked,
  withLearningUnchecked,
} from './fusion.js';
import {
  checkActivityEvent,
  checkCatalog,
  checkQueryText,
  checkSelectionRequest,
  checkSelectorOptions,
  checkUseEvent,
} from './input.js';
import { DEFAULT_FIELD_WEIGHTS, type FieldWeights, itemFields } from './item-text.js';
import type { ItemVectors } from './item-vectors.js';
import type { LearnedScore, LearningOptions, PersistedUseMemory, UseEvent } from './learning.js';
import { LexicalRanker } from './lexical-ranker.js';
import { triggerOn } from './trigger-switches.js';
import {
  type ActivityEvent,
  TRIGGER_RELEVANCE,
  type Trigger,
  TriggerMemory,
  type TriggerMemoryOptions,
} from './triggers.js';
import type { AgentSelector, SelectionRequest } from './types.js';
import type { VectorIndex } from './vector-index.js';

export interface HybridSelectorOptions {
  /** Adds the vector path. Without one (or while it fails) selection is lexical. */
  readonly embedder?: Embedder;
  /** Where item vectors are cached and learned evidence is kept; usually the engine's store. */
  readonly store?: EmbeddingCache & DocumentStore;
  /** Default: weighted, lexical weight 0.5. */
  readonly fusion?: Fusion;
  readonly calibration?: CalibrationOptions;
  readonly fieldWeights?: Partial<FieldWeights>;
  /** BM25's k1 and b, and the tokenizer (`tokenize` by default) used for items, queries and learning alike. */
  readonly bm25?: Bm25Options;
  /** Carry-over and activity settings; `false` runs the message alone, as one query. */
  readonly triggers?: TriggerMemoryOptions | false;
  /** Learning from use; `false` turns it off. */
  readonly learning?: LearningOptions | false;
  /** How strongly learned evidence moves scores, 0–1. Default 1. */
  readonly learningWeight?: number;
  /** Hits scoring below this are not offered at all (the mode's own minimum applies in the plan). Default 0.05. */
  readonly minScore?: number;
  /** How many candidates each path contributes per sub-query before fusion. Default 50. */
  readonly candidates?: number;
  /** Builds the vector index (default: flat). An approximate index for large catalogs plugs in here. */
  readonly vectorIndex?: (dimension: number, capacity: number) => VectorIndex;
  /** After the embedder fails, selections stay lexical this long before it is tried again. Default 60 s. */
  readonly retryEmbedderAfterMs?: number;
  readonly name?: string;
}

export interface HybridSelector extends AgentSelector {
  select(request: SelectionRequest): Promise<RetrievalSet>;
  recordUse(event: UseEvent): Promise<void>;
  observeActivity(event: ActivityEvent): void;
  /** Embeds the catalog's agent items now (at startup, say) instead of at the first selection. */
  warm(catalog: Catalog): Promise<PathStatus>;
  /** Resolves once recorded evidence is in the store. */
  flush(): Promise<void>;
  exportLearning(): Promise<JsonValue | null>;
  resetLearning(): Promise<void>;
}

interface CatalogState {
  readonly items: readonly CatalogItem[];
  readonly docOf: ReadonlyMap<ItemKey, number>;
  readonly lexical: Bm25Index;
  /** Ranks with BM25, reusing recent queries' runs; it runs synchronously, after every await. */
  readonly ranker: LexicalRanker;
  vectors: Promise<ItemVectors> | undefined;
  failure: { readonly at: number; readonly status: PathStatus } | undefined;
}

interface Best {
  score: number;
  /** Built only for the hits returned: most candidates (every item with learned evidence) are dropped. */
  hit: () => RetrievalHit['provenance'];
}

const QUERY_VECTOR_CACHE = 256;

function failureOf(error: unknown): PathStatus {
  const code =
    error !== null && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
      ? error.code
      : error instanceof Error
        ? error.name
        : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', code, message };
}

const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * Agent-mode selection: triggers in the message (and carried over, and from host activity) become sub-queries;
 * each runs through BM25 and, with an embedder, a vector search; the two are fused into one score in [0, 1],
 * learning from use moves it, the trigger's relevance scales it, and each item keeps its best sub-query. Only
 * enabled `agent` items not excluded (already in the session) are offered. Every hit says how it got its score.
 */
export function createHybridSelector(options: HybridSelectorOptions = {}): HybridSelector {
  checkSelectorOptions(options);
  const { embedder, store } = options;
  const fusion = options.fusion ?? DEFAULT_FUSION;
  const weights = { ...DEFAULT_FIELD_WEIGHTS, ...options.fieldWeights };
  const lexicalScale = options.calibration?.lexicalScale ?? 1.5;
  const cosineFloor = options.calibration?.cosineFloor ?? 0.2;
  const minScore = options.minScore ?? 0.05;
  const perPath = Math.max(1, options.candidates ?? 50);
  const learningWeight = options.learningWeight ?? 1;
  const retryAfter = options.retryEmbedderAfterMs ?? 60_000;
  const name = options.name ?? (embedder ? `hybrid:${embedder.modelId}` : 'hybrid:lexical');
  const terms = options.bm25?.tokenize ?? tokenize;
  const triggers = options.triggers === false ? null : new TriggerMemory(options.triggers);
  // Learning's code is a chunk of its own, imported with the first selection or use that needs it: it is not part
  // of what an app loads before its first request.
  let learningLoaded: Promise<PersistedUseMemory> | undefined;
  const loadLearning =
    options.learning === false
      ? null
      : (): Promise<PersistedUseMemory> =>
          (learningLoaded ??= import('./learning.js').then(
            (module) => new module.PersistedUseMemory(store, { tokenize: terms, ...options.learning }),
          ));
  const states = new WeakMap<Catalog, CatalogState>();
  const queryVectors = new Map<string, Float32Array>();

  const stateOf = (catalog: Catalog): CatalogState => {
    let state = states.get(catalog);
    if (!state) {
      const items = catalog.agentItems();
      const lexical = new Bm25Index(
        items.map((item) => itemFields(item, weights)),
        options.bm25,
      );
      state = {
        items,
        docOf: new Map(items.map((item, doc) => [item.key, doc])),
        lexical,
        ranker: new LexicalRanker(lexical),
        vectors: undefined,
        failure: undefined,
      };
      states.set(catalog, state);
    }
    return state;
  };

  /** The item vectors, or why there are none. */
  const vectorsOf = async (state: CatalogState): Promise<ItemVectors | PathStatus> => {
    if (!embedder) return { status: 'skipped', reason: 'no-embedder' };
    if (state.failure && Date.now() - state.failure.at < retryAfter) return state.failure.status;
    const createIndex = options.vectorIndex;
    const count = state.items.length;
    // Only hosts with an embedder need this code: it is imported on the first vector search.
    state.vectors ??= import('./item-vectors.js').then(({ embedItems }) =>
      embedItems(
        state.items,
        embedder,
        store,
        createIndex ? (dimension) => createIndex(dimension, count) : undefined,
      ),
    );
    try {
      const vectors = await state.vectors;
      state.failure = undefined;
      return vectors;
    } catch (error) {
      state.vectors = undefined;
      state.failure = { at: Date.now(), status: failureOf(error) };
      return state.failure.status;
    }
  };

  const embedQueries = async (texts: readonly string[]): Promise<Float32Array[]> => {
    const missing = texts.filter((text) => !queryVectors.has(text));
    if (missing.length > 0 && embedder) {
      const vectors = await embedder.embed(missing);
      if (vectors.length !== missing.length)
        throw new Error(`the embedder returned ${vectors.length} vectors for ${missing.length} texts`);
      missing.forEach((text, i) => {
        queryVectors.set(text, vectors[i] as Float32Array);
        if (queryVectors.size > QUERY_VECTOR_CACHE)
          queryVectors.delete(queryVectors.keys().next().value as string);
      });
    }
    return texts.map((text) => queryVectors.get(text) as Float32Array);
  };

  return {
    name,

    async embedQuery(query: string): Promise<Float32Array | null> {
      checkQueryText(query, 'query', 'Invalid query');
      // The message's own sub-query was just embedded for selection: this is a cache hit, not a second run.
      return embedder
        ? embedQueries([query]).then(
            ([vector]) => vector ?? null,
            () => null,
          )
        : null;
    },

    async select(request: SelectionRequest): Promise<RetrievalSet> {
      checkSelectionRequest(request);
      const started = performance.now();
      const { query, catalog, exclude, limit } = request;
      const state = stateOf(catalog);
      const judge = continuityJudge(query, terms, (term) => distinctive(state.lexical, term));
      const relations = new Map<string, CarryRelation>();
      const subQueries: Trigger[] = (
        triggers
          ? triggers.next(query, request.sessionId, request.peek, (carried) => {
              const relation = judge.relate(carried);
              if (relation) relations.set(carried.query, relation);
              return relation !== null;
            })
          : [{ kind: 'message', query, relevance: 1, age: 0 } satisfies Trigger]
      )
        .filter((trigger) => triggerOn(request.triggers, trigger.kind))
        .map((trigger) => carriedRelevance(trigger, relations.get(trigger.query)));
      const triggersMs = performance.now() - started;

      const vectorStarted = performance.now();
      let vectorStatus: PathStatus = { status: 'skipped', reason: 'no-embedder' };
      let vectors: ItemVectors | undefined;
      let queryVectorsNow: Float32Array[] = [];
      if (embedder && limit > 0) {
        const outcome = await vectorsOf(state);
        if ('index' in outcome) {
          try {
            queryVectorsNow = await embedQueries(subQueries.map((trigger) => trigger.query));
            const dimension = outcome.index.dimension;
            if (queryVectorsNow.some((vector) => vector?.length !== dimension)) {
              throw new Error(`the embedder's query vectors do not have the items' ${dimension} dimensions`);
            }
            vectors = outcome;
            vectorStatus = { status: 'ran' };
          } catch (error) {
            vectorStatus = failureOf(error);
          }
        } else vectorStatus = outcome;
      }
      let vectorMs = performance.now() - vectorStarted;
      const learning = loadLearning ? await loadLearning() : null;
      if (learning) await learning.ready();

      // Everything below is synchronous: the ranker's scratch scores cannot be used by two selections at once.
      // Eligibility is asked for every document a query touches (thousands): a flag per document answers it
      // without hashing item keys.
      const excluded = new Uint8Array(state.items.length);
      for (const key of exclude) {
        const doc = state.docOf.get(key);
        if (doc !== undefined) excluded[doc] = 1;
      }
      const eligible = (doc: number): boolean => excluded[doc] === 0;
      const best = new Map<number, Best>();
      let lexicalMs = 0;
      let learnedMs = 0;
      let learnedAny = false;
      const { lexical, ranker } = state;
      const maxIdf = lexical.maxIdf;
      // What the message itself scores each item: a trigger carried for sharing a word with the message may only
      // lift items the message already points at, never bring in ones it does not.
      const ownScore = new Map<number, number>();
      const order = subQueries
        .map((_, q) => q)
        .sort((x, y) => (subQueries[x]?.age ?? 0) - (subQueries[y]?.age ?? 0));
      for (const q of order) {
        const trigger = subQueries[q] as Trigger;
        if (limit <= 0) break;
        const onlyRelated = trigger.age > 0 && relations.get(trigger.query) === 'shared-terms';
        const queryTerms = [...new Set(terms(trigger.query))];
        let mark = performance.now();
        const ranking = ranker.rank(queryTerms, perPath, eligible);
        const lexicalTop = ranking.top;
        const lexicalRank = new Map(lexicalTop.map((doc, i) => [doc, i + 1]));
        lexicalMs += performance.now() - mark;

        mark = performance.now();
        const vectorRank = new Map<number, number>();
        const queryVector = queryVectorsNow[q];
        if (vectors && queryVector) {
          vectors.index.search(queryVector, perPath, eligible).forEach((match, i) => {
            vectorRank.set(match.id, i + 1);
          });
        }
        vectorMs += performance.now() - mark;

        mark = performance.now();
        const learned = new Map<ItemKey, LearnedScore>();
        learning?.memory.score(queryTerms, learned);
        const learnedDocs: number[] = [];
        for (const key of learned.keys()) {
          const doc = state.docOf.get(key);
          if (doc !== undefined && eligible(doc)) learnedDocs.push(doc);
        }
        learnedMs += performance.now() - mark;

        mark = performance.now();
        const union = new Set([...lexicalTop, ...vectorRank.keys(), ...learnedDocs]);
        for (const doc of union) {
          const item = state.items[doc] as CatalogItem;
          const lexicalScore = calibrateLexicalUnchecked(ranking.score(doc), maxIdf, lexicalScale);
          const vectorScore =
            vectors && queryVector
              ? calibrateCosineUnchecked(vectors.index.similarity(queryVector, doc), cosineFloor)
              : null;
          const fused = fuseUnchecked(
            {
              lexical: lexicalScore,
              lexicalRank: lexicalRank.get(doc) ?? null,
              vector: vectorScore,
              vectorRank: vectorRank.get(doc) ?? null,
            },
            fusion,
          );
          const evidence = learned.get(item.key);
          const final = evidence ? withLearningUnchecked(fused, evidence.score, learningWeight) : fused;
          if (evidence) learnedAny = true;
          const score = round(final * trigger.relevance);
          if (trigger.age === 0) ownScore.set(doc, Math.max(ownScore.get(doc) ?? 0, score));
          else if (onlyRelated && (ownScore.get(doc) ?? 0) < RELATED_OWN_SCORE) continue;
          const held = best.get(doc);
          if (held && held.score >= score) continue;
          best.set(doc, {
            score,
            hit: () => ({
              query: trigger.query,
              lexicalRank: lexicalRank.get(doc) ?? null,
              vectorRank: vectorRank.get(doc) ?? null,
              matched: matchedUnchecked(lexical, doc, queryTerms),
              trigger: {
                kind: trigger.kind,
                relevance: trigger.relevance,
                age: trigger.age,
                ...(trigger.age > 0 &&
                  relations.has(trigger.query) && { relation: relations.get(trigger.query) }),
              },
              lexicalScore: round(lexicalScore),
              vectorScore: vectorScore === null ? null : round(vectorScore),
              fusedScore: round(fused),
              learned: evidence
                ? {
                    boost: round(final - fused),
                    evidence: evidence.evidence.slice(0, 5),
                    uses: evidence.uses,
                  }
                : null,
            }),
          });
        }
        lexicalMs += performance.now() - mark;
      }

      const ranked = [...best]
        .filter(([, entry]) => entry.score >= minScore && entry.score > 0)
        .sort(([a, x], [b, y]) => y.score - x.score || a - b)
        .slice(0, Math.max(0, limit));
      const hits: RetrievalHit[] = ranked.map(([doc, entry], i) => ({
        key: (state.items[doc] as CatalogItem).key,
        score: entry.score,
        rank: i + 1,
        provenance: entry.hit(),
      }));
      const sub: SubQuery[] = subQueries.map(({ kind, query, relevance, age }) => ({
        kind,
        query,
        relevance: round(relevance),
        age,
      }));
      const learnedStatus: PathStatus = !learning
        ? { status: 'skipped', reason: 'disabled' }
        : learnedAny
          ? { status: 'ran' }
          : { status: 'skipped', reason: 'no-evidence' };
      const timings: SelectionTimings = {
        totalMs: round(performance.now() - started),
        triggersMs: round(triggersMs),
        lexicalMs: round(lexicalMs),
        vectorMs: round(vectorMs),
        learnedMs: round(learnedMs),
        targetMs: 200,
      };
      return {
        id: hashString(
          [
            catalog.version,
            name,
            request.mode ?? '',
            ...sub.map((entry) => `${entry.kind}:${entry.relevance}:${entry.query}`),
            ...hits.map((hit) => `${hit.key}:${hit.score}`),
          ].join('\n'),
        ),
        selector: name,
        query,
        hits,
        ...(request.mode !== undefined && { mode: request.mode }),
        subQueries: sub,
        followUp: judge.followUp,
        paths: { lexical: { status: 'ran' }, vector: vectorStatus, learned: learnedStatus },
        timings,
      };
    },

    async recordUse(event: UseEvent): Promise<void> {
      checkUseEvent(event);
      if (loadLearning) await (await loadLearning()).record(event);
    },

    observeActivity(event: ActivityEvent): void {
      checkActivityEvent(event);
      triggers?.observe(event);
    },

    async warm(catalog: Catalog): Promise<PathStatus> {
      checkCatalog(catalog, 'catalog');
      const outcome = await vectorsOf(stateOf(catalog));
      return 'index' in outcome ? { status: 'ran' } : outcome;
    },

    flush(): Promise<void> {
      // Nothing was recorded before learning loaded, so there is nothing to write.
      return learningLoaded?.then((learning) => learning.flush()) ?? Promise.resolve();
    },

    async exportLearning(): Promise<JsonValue | null> {
      return loadLearning ? (await loadLearning()).export() : null;
    },

    async resetLearning(): Promise<void> {
      if (loadLearning) await (await loadLearning()).reset();
    },
  };
}

/**
 * What the message itself must score an item for a trigger carried for sharing a word with it to lift that item: the
 * light mode's threshold. A message that does not follow up is judged on its own words; earlier context may strengthen
 * what it selects, never bring in what it does not.
 */
const RELATED_OWN_SCORE = 0.3;

/**
 * A carried trigger the new message follows up on counts nearly as much as when it was said (its kind's relevance,
 * × 0.9 a message): a short "now add validation" is about what came before. Others keep their decayed relevance.
 */
function carriedRelevance(trigger: Trigger, relation: CarryRelation | undefined): Trigger {
  if (trigger.age === 0 || relation !== 'follow-up' || ACTIVITY_KINDS.has(trigger.kind)) return trigger;
  return {
    ...trigger,
    relevance: Math.max(trigger.relevance, TRIGGER_RELEVANCE[trigger.kind] * 0.9 ** trigger.age),
  };
}

const ACTIVITY_KINDS: ReadonlySet<Trigger['kind']> = new Set(['file_open', 'file_edit', 'symbol_hover']);

/**
 * A term that says what a text is about: in at most one item in twenty of the catalog (and at least in one's
 * worth), or in none at all (a place, a product, a name).
 */
function distinctive(lexical: Bm25Index, term: string): boolean {
  if (!hasUnchecked(lexical, term)) return true;
  const most = Math.max(1, Math.floor(lexical.size * 0.05));
  return idfUnchecked(lexical, term) >= Math.log(1 + (lexical.size - most + 0.5) / (most + 0.5));
}
