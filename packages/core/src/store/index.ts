export type { RecallEntry } from '../recall-entries/index.js';
export {
  type DocumentStore,
  type EmbeddingCache,
  type LoadedSession,
  type MeasuredTurn,
  type MessageErasure,
  type RecallRead,
  type Store,
  type StoredPlan,
  type StoredRecall,
  type StoreEvent,
  type StoreEventOrigin,
  type TurnCommit,
  updateDocument,
} from '../store-types/index.js';
export {
  IDB_SCHEMA_VERSION,
  type IdbStore,
  type IdbStoreOptions,
  openIdbStore,
  type PersistenceOptions,
  type PersistenceResult,
  requestPersistentStorage,
  type SalvagedSession,
  type SessionExport,
  type StoreExport,
} from './idb/index.js';
export { MemoryStore } from './memory.js';
