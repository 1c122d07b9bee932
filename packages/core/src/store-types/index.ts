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
