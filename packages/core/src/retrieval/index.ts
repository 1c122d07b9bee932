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
} from '../retrieval-types/index.js';
export { createTokenizer, stem, type TokenizerOptions, tokenize } from '../tokenize/index.js';
export { type AutoContextOptions, renderAutoContext } from './auto-context.js';
export { Bm25Index, type Bm25Options, type WeightedField } from './bm25.js';
export { type ContinuityJudge, continuityJudge, followsUp } from './continuity.js';
export {
  type CalibrationOptions,
  calibrateCosine,
  calibrateLexical,
  DEFAULT_FUSION,
  type Fusion,
  fuse,
  withLearning,
} from './fusion.js';
export { createHybridSelector, type HybridSelector, type HybridSelectorOptions } from './hybrid-selector.js';
export { DEFAULT_FIELD_WEIGHTS, type FieldWeights } from './item-text.js';
export type { LearnedScore, LearningOptions, UseEvent } from './learning.js';
export { createLexicalSelector, type LexicalSelector } from './lexical-selector.js';
export { DISCRIMINATING_SHARE, referenceWeight } from './reference-weight.js';
export { topK } from './top-k.js';
export {
  effectiveTriggers,
  triggerGroupOf,
  triggerOn,
  triggerSwitchIssues,
} from './trigger-switches.js';
export {
  type ActivityEvent,
  activityTriggers,
  extractTriggers,
  TRIGGER_RELEVANCE,
  type Trigger,
  TriggerMemory,
  type TriggerMemoryOptions,
} from './triggers.js';
export type { AgentSelector, SelectionRequest } from './types.js';
export { FlatVectorIndex, type VectorIndex, type VectorMatch } from './vector-index.js';
