// The stores' contracts, below the stores and the folders that are handed one (retrieval, embeddings, memory,
// reflection), so none of them imports a store to name what it needs of it.
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
