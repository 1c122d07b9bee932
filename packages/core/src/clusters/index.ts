export { assignQuery, DEFAULT_CLUSTER_THRESHOLD } from './assign.js';
export { lapsesIn, type TurnCluster, turnCluster, withQueryCluster } from './record.js';
export type { ClusterAssignment, QueryCluster, QueryClusterOptions } from './types.js';
