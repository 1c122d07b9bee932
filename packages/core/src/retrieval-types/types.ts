// What retrieval hands back for one request, with the words its provenance is told in. The stores keep these
// sets, so they sit below both retrieval and the stores.
import type { ItemKey } from '../catalog/index.js';
import type { ContextMode } from '../session/index.js';

/** What made retrieval look for something (the kinds of trigger, as data). */
export type TriggerKind =
  /** The whole user message. */
  | 'message'
  /** A code symbol in the message: `AuthService`, `readFile`, `parse_json`, `session.prepare`, `code`. */
  | 'symbol_mention'
  /** A file path in the message: `src/auth/service.ts`, `package.json`. */
  | 'file_path'
  /** The subject of a question: "how does authentication work?" → `authentication`. */
  | 'implicit_query'
  /** Host activity, fed through `observeActivity`. */
  | 'file_open'
  | 'file_edit'
  | 'symbol_hover';

/**
 * How a trigger carried from earlier messages relates to the new one. Carried context competes only when the new
 * message is related to it: it follows up (a short message, or one that points back: "and for tomorrow?", "do the
 * same for that file"), or it shares a distinctive word with the carried text. Otherwise the user moved on, and what
 * the earlier messages were about must not win by inertia.
 */
export type CarryRelation = 'follow-up' | 'shared-terms';

/**
 * Evidence of use about an agent item and the user message it was sent for. Inclusion alone is never evidence:
 * what a plan sent is judged by what happened to it.
 *
 * - `called`: the model called the tool, and the call did not fail;
 * - `referenced`: the reply referenced the item (its name, path or a code-like term of it);
 * - `pinned` / `accepted`: the user pinned it, or accepted it as a suggested pin;
 * - `unused`: it was sent and none of the above happened (weak, and bounded: it alone never buries an item);
 * - `removed` / `not-relevant`: the user removed it from the session or marked it not relevant here.
 */
export type UseKind = 'called' | 'referenced' | 'pinned' | 'accepted' | 'unused' | 'removed' | 'not-relevant';

/** The evidence of one kind an item has gathered, summed over its terms: what moved it and by how much. */
export interface UseTally {
  readonly kind: UseKind;
  readonly weight: number;
}

export interface LearnedEvidence {
  /** The query term and the accumulated weight it carries for the item (negative: the item was removed). */
  readonly term: string;
  readonly weight: number;
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
