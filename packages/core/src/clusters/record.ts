import type { Pin, SessionRecord } from '../session/types.js';
import type { QueryCluster } from './types.js';

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
