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
