import type { QueryCluster } from '../session/index.js';

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
