export type { RecallEntry } from '../recall-entries/index.js';
export {
  IDB_SCHEMA_VERSION,
  type IdbStore,
  type IdbStoreOptions,
  openIdbStore,
  type PersistenceResult,
  requestPersistentStorage,
  type SalvagedSession,
  type SessionExport,
  type StoreExport,
} from './idb/index.js';
export { MemoryStore } from './memory.js';
export type {
  DocumentStore,
  EmbeddingCache,
  LoadedSession,
  MeasuredTurn,
  MessageErasure,
  RecallRead,
  Store,
  StoredPlan,
  StoredRecall,
  StoreEvent,
  StoreEventOrigin,
  TurnCommit,
} from './types.js';
export { updateDocument } from './update-document.js';
