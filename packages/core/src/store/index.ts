export { MemoryStore } from './memory.js';
export type {
  DocumentStore,
  EmbeddingCache,
  LoadedSession,
  Store,
  StoredPlan,
  StoreEvent,
  TurnCommit,
} from './types.js';
