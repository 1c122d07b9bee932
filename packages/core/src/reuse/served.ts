import type { ItemKey } from '../catalog/index.js';
import type { QueryCluster, ServedCluster, SessionRecord } from '../session/index.js';

/** How many clusters, turns of each and items of each a session remembers: a record stays small however long. */
export const SERVED_LIMITS = Object.freeze({ clusters: 8, turns: 8, items: 8 });

/**
 * The record remembering what served the turn's query cluster: the items its replies called or used join the
 * cluster's (most recent first), with the turn. A cluster nothing served is not remembered; the least recently
 * served cluster is forgotten past `SERVED_LIMITS.clusters`.
 */
export function withServed(
  record: SessionRecord,
  cluster: QueryCluster,
  turnId: string,
  used: readonly ItemKey[],
): SessionRecord {
  const served = record.servedClusters ?? [];
  const earlier = served.find((entry) => entry.id === cluster.id);
  if (!earlier && used.length === 0) return record;
  const items = [...new Set([...used, ...(earlier?.items ?? [])])].slice(0, SERVED_LIMITS.items);
  const turnIds = used.length > 0 ? [...(earlier?.turnIds ?? []), turnId] : (earlier?.turnIds ?? []);
  const entry: ServedCluster = {
    id: cluster.id,
    // Four decimals keep cosines to about 1e-4 and the record (written with every turn) a third of the size.
    centroid: cluster.centroid.map((value) => Math.round(value * 1e4) / 1e4),
    turnIds: turnIds.slice(-SERVED_LIMITS.turns),
    items,
  };
  const others = served.filter((other) => other.id !== cluster.id);
  return { ...record, servedClusters: [...others, entry].slice(-SERVED_LIMITS.clusters) };
}
