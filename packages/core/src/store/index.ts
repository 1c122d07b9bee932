export { MemoryStore } from './memory.js';
export type { LoadedSession, Store, StoredPlan, StoreEvent, TurnCommit } from './types.js';
