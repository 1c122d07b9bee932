import type { Pin, QueryCluster, SessionRecord } from '../session/index.js';
import { assignQuery } from './assign.js';

/** The cluster a turn joined, and how a record enters it (at commit, and for planning before that). */
export interface TurnCluster {
  readonly value: QueryCluster;
  readonly enter: (record: SessionRecord) => {
    readonly record: SessionRecord;
    readonly expired: readonly Pin[];
  };
}

/** Assigns a turn's query (see `assignQuery`) against the record's current cluster. */
export function turnCluster(
  record: SessionRecord,
  vector: ArrayLike<number>,
  threshold: number,
  newId: () => string,
): TurnCluster {
  const value = assignQuery(record.queryCluster, vector, threshold, newId).cluster;
  return { value, enter: (current) => withQueryCluster(current, value) };
}

/** A lease scoped to a cluster other than `clusterId` has lapsed: the conversation moved on. */
export function lapsesIn(pin: Pin, clusterId: string): boolean {
  return pin.kind === 'leased' && pin.lease.kind === 'cluster' && pin.lease.clusterId !== clusterId;
}

/** The record in the cluster: it becomes the current one, and leases scoped to any other cluster end. */
export function withQueryCluster(
  record: SessionRecord,
  cluster: QueryCluster,
): { readonly record: SessionRecord; readonly expired: readonly Pin[] } {
  const expired = record.pins.filter((pin) => lapsesIn(pin, cluster.id));
  const pins = expired.length === 0 ? record.pins : record.pins.filter((pin) => !expired.includes(pin));
  return { record: { ...record, pins, queryCluster: cluster }, expired };
}
