import type { Catalog, ItemKey } from '../catalog/index.js';

export interface SelectionRequest {
  readonly query: string;
  readonly catalog: Catalog;
  /** Items already in context (session, pins): never offered again. */
  readonly exclude: ReadonlySet<ItemKey>;
  /** At most this many hits. */
  readonly limit: number;
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
  };
}

/** What retrieval returned for one request, ranked, with provenance. */
export interface RetrievalSet {
  readonly id: string;
  readonly selector: string;
  readonly query: string;
  readonly hits: readonly RetrievalHit[];
}

/** Chooses `agent` items per request. Pluggable: the engine takes any implementation. */
export interface AgentSelector {
  readonly name: string;
  select(request: SelectionRequest): RetrievalSet | Promise<RetrievalSet>;
}
