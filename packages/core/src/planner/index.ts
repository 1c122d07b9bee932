export type { PromptPart } from '../session/index.js';
export { candidatesOf } from './candidates-of.js';
export { contentHash } from './content-hash.js';
export { fingerprintAhead, planId } from './fingerprint.js';
export { measureKey } from './measure-key.js';
export { DEFAULT_CONTEXT_MODE, DEFAULT_MODE_LIMITS, nextContextMode } from './modes.js';
export { DEFAULT_MEMORY_SHARE, DEFAULT_RECALL_SHARE, planContext } from './plan.js';
export { isStableReason } from './reasons.js';
export type {
  AutoModeReason,
  CacheBreakpoint,
  CalibratedEstimate,
  Candidate,
  CapsuleCandidate,
  CapsuleUnusedBecause,
  CardCandidate,
  CarriedFrom,
  CheckpointCandidate,
  ContextPlan,
  CurrentCandidate,
  ExcludedEntry,
  ExclusionCode,
  ExclusionReason,
  HistoryBlockInput,
  HistoryBlockState,
  HistoryPolicy,
  Importance,
  ImportanceLevel,
  IncludedEntry,
  InclusionCode,
  InclusionReason,
  ItemBody,
  ItemCandidate,
  ItemCard,
  ItemOrigin,
  MemoryCandidate,
  ModeChoice,
  ModeLimits,
  PlanCache,
  PlanCalibration,
  PlanInput,
  PlanRedaction,
  PlanReuse,
  PromptCandidate,
  RecallCandidate,
  RecallWeights,
  Section,
  SectionTotals,
  SummarizerStatus,
  TurnCandidate,
  WorkspaceCandidate,
} from './types.js';
export { SECTIONS } from './types.js';
