export type { QueryCluster } from '../session/index.js';
export { assignQuery, DEFAULT_CLUSTER_THRESHOLD } from './assign.js';
export { lapsesIn, type TurnCluster, turnCluster, withQueryCluster } from './record.js';
export type { ClusterAssignment, QueryClusterOptions } from './types.js';
