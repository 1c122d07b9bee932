import type { PlanReuse } from '../planner/index.js';
import type { QueryCluster, ServedCluster } from '../session/index.js';
import { cosine } from '../vectors/index.js';

/**
 * The earlier cluster a request starts from, pure: only a request that starts a new cluster (it left the current
 * one) looks back; of the remembered clusters other than the current one, the most similar to its query whose
 * similarity reaches `threshold`. Ties go to the most recently served. Null when none does.
 */
export function reuseFor(
  served: readonly ServedCluster[] | undefined,
  turn: QueryCluster,
  current: string | undefined,
  threshold: number,
): PlanReuse | null {
  if (!served || turn.size !== 1 || turn.id === current) return null;
  let best: { entry: ServedCluster; similarity: number } | null = null;
  for (let i = served.length - 1; i >= 0; i--) {
    const entry = served[i] as ServedCluster;
    if (entry.id === current || entry.id === turn.id || entry.items.length === 0) continue;
    if (entry.centroid.length !== turn.centroid.length) continue;
    const similarity = cosine(entry.centroid, turn.centroid);
    if (similarity >= threshold && (!best || similarity > best.similarity)) best = { entry, similarity };
  }
  if (!best) return null;
  return {
    clusterId: best.entry.id,
    fromTurnIds: best.entry.turnIds,
    // Rounded so a plan id does not hang on the last bits of a float.
    similarity: Math.round(best.similarity * 1e4) / 1e4,
    items: best.entry.items,
  };
}
