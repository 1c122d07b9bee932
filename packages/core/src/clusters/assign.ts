import type { QueryCluster } from '../session/index.js';
import { cosine } from '../vectors/index.js';
import type { ClusterAssignment } from './types.js';

/** The cosine similarity a query must reach against the current centroid to join it, unless the host says. */
export const DEFAULT_CLUSTER_THRESHOLD = 0.5;

function unit(vector: ArrayLike<number>): number[] {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += (vector[i] as number) ** 2;
  norm = Math.sqrt(norm);
  return Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}

/**
 * The rule, deterministic: the query joins the current cluster when its cosine similarity to the centroid
 * is at least `threshold` (the centroid becomes the running mean of its members' unit vectors), otherwise it starts
 * a new cluster with id `newId()`. A query of other dimensions than the centroid (the embedder changed) starts one.
 */
export function assignQuery(
  current: QueryCluster | null | undefined,
  vector: ArrayLike<number>,
  threshold: number,
  newId: () => string,
): ClusterAssignment {
  const query = unit(vector);
  if (!current)
    return { cluster: { id: newId(), centroid: query, size: 1 }, started: true, similarity: null };
  const similarity = cosine(current.centroid, query);
  if (current.centroid.length !== query.length || similarity < threshold) {
    return { cluster: { id: newId(), centroid: query, size: 1 }, started: true, similarity };
  }
  const size = current.size + 1;
  const centroid = current.centroid.map((value, i) => value + ((query[i] as number) - value) / size);
  return { cluster: { id: current.id, centroid, size }, started: false, similarity };
}
