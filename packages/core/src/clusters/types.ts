/**
 * A query cluster (a "phase" of the conversation): the running mean of the normalized query embeddings of the
 * requests that joined it. A session keeps its current cluster only; an earlier one is never rejoined.
 */
export interface QueryCluster {
  readonly id: string;
  /** The mean of its members' unit-length query vectors. */
  readonly centroid: readonly number[];
  /** How many requests joined it. */
  readonly size: number;
}

/** Where one request's query went. */
export interface ClusterAssignment {
  readonly cluster: QueryCluster;
  /** True when the query started the cluster. */
  readonly started: boolean;
  /** Cosine similarity of the query to the current cluster's centroid before it joined; null without one. */
  readonly similarity: number | null;
}

/** Engine option: `false` turns clustering off; `threshold` is the cosine below which a new cluster starts. */
export interface QueryClusterOptions {
  readonly threshold?: number;
}
