import type { Catalog, ItemKey, JsonValue } from '../catalog/index.js';
import type { ContextMode } from '../session/index.js';
import type { CarryRelation } from './continuity.js';
import type { LearnedEvidence, UseEvent, UseTally } from './learning.js';
import type { ActivityEvent, TriggerKind } from './triggers.js';

export interface SelectionRequest {
  readonly query: string;
  readonly catalog: Catalog;
  /** Items already in context (session, pins): never offered again. */
  readonly exclude: ReadonlySet<ItemKey>;
  /** At most this many hits. */
  readonly limit: number;
  /** The session asking: its earlier messages' triggers carry over to this one. */
  readonly sessionId?: string;
  /** Estimating a draft: select as for a message, but leave what carries over to the next message unchanged. */
  readonly peek?: boolean;
  /** The context mode the request is planned in (recorded in the set). */
  readonly mode?: ContextMode;
}

/** One ranked agent item and where its score came from. */
export interface RetrievalHit {
  readonly key: ItemKey;
  /** In [0, 1]; shown to people as "similarity". */
  readonly score: number;
  /** 1 is the best. */
  readonly rank: number;
  readonly provenance: {
    /** The (sub-)query that found it. */
    readonly query: string;
    readonly lexicalRank: number | null;
    readonly vectorRank: number | null;
    /** Query terms that matched the item. */
    readonly matched: readonly string[];
    /** What made retrieval run that sub-query, and its relevance (which scales the score). */
    /**
     * What made retrieval run that sub-query, and its relevance (which scales the score). A trigger carried from an
     * earlier message (`age` > 0) says how the new message relates to it: it follows up, or shares a distinctive word.
     */
    readonly trigger?: {
      readonly kind: TriggerKind;
      readonly relevance: number;
      readonly age: number;
      readonly relation?: CarryRelation;
    };
    /** Calibrated path scores in [0, 1] (vector: null when that path did not run). */
    readonly lexicalScore?: number;
    readonly vectorScore?: number | null;
    /** The fused score of the two paths, before learning and the trigger's relevance. */
    readonly fusedScore?: number;
    /**
     * What learning from use changed: the boost (negative: evidence against), the query terms that carried it, and
     * the item's evidence by kind (`called`, `referenced`, `unused`, `not-relevant`, …) with its weight.
     */
    readonly learned?: {
      readonly boost: number;
      readonly evidence: readonly LearnedEvidence[];
      readonly uses?: readonly UseTally[];
    } | null;
  };
}

/** How a ranking path fared for one selection. */
export type PathStatus =
  | { readonly status: 'ran' }
  | { readonly status: 'skipped'; readonly reason: 'no-embedder' | 'no-evidence' | 'disabled' }
  | { readonly status: 'failed'; readonly code: string; readonly message: string };

/** One sub-query retrieval ran. */
export interface SubQuery {
  readonly query: string;
  readonly kind: TriggerKind;
  readonly relevance: number;
  readonly age: number;
}

/** Milliseconds from the message to the selection, by stage. */
export interface SelectionTimings {
  readonly totalMs: number;
  readonly triggersMs: number;
  readonly lexicalMs: number;
  /** Embedding the sub-queries (and the catalog, when not cached yet) and searching the vectors. */
  readonly vectorMs: number;
  readonly learnedMs: number;
  /** The target for message → selection: 200 ms. */
  readonly targetMs: number;
}

/** What retrieval returned for one request, ranked, with provenance. */
export interface RetrievalSet {
  readonly id: string;
  readonly selector: string;
  readonly query: string;
  readonly hits: readonly RetrievalHit[];
  readonly mode?: ContextMode;
  readonly subQueries?: readonly SubQuery[];
  /** The message follows up on the conversation (short, or pointing back): earlier context may compete. */
  readonly followUp?: boolean;
  /** Which paths ran: lexical always; vector with an embedder that works; learned with evidence. */
  readonly paths?: {
    readonly lexical: PathStatus;
    readonly vector: PathStatus;
    readonly learned: PathStatus;
  };
  readonly timings?: SelectionTimings;
}

/** Chooses `agent` items per request. Pluggable: the engine takes any implementation. */
export interface AgentSelector {
  readonly name: string;
  select(request: SelectionRequest): RetrievalSet | Promise<RetrievalSet>;
  /** Evidence of use (called, referenced, unused, pinned, removed, not relevant); sessions call it when it exists. */
  recordUse?(event: UseEvent): void | Promise<void>;
  /** Everything learned from use, as JSON (null when the selector does not learn). */
  exportLearning?(): Promise<JsonValue | null>;
  /** Forgets everything learned from use, in memory and in the store. */
  resetLearning?(): Promise<void>;
  /** Resolves once the evidence recorded so far is in the store. */
  flush?(): Promise<void>;
  /** Host activity (a file opened or edited) that the next selections take into account. */
  observeActivity?(event: ActivityEvent): void;
  /**
   * The query's embedding, for query clusters; null (or no method) when the selector has no working embedder, and
   * then requests get no cluster.
   */
  embedQuery?(query: string): Promise<Float32Array | null>;
}
