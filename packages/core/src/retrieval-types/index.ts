export type {
  CarryRelation,
  LearnedEvidence,
  PathStatus,
  RetrievalHit,
  RetrievalSet,
  SelectionTimings,
  SubQuery,
  TriggerKind,
  UseKind,
  UseTally,
} from './types.js';
