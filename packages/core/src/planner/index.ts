export { candidatesOf } from './candidates-of.js';
export { contentHash } from './content-hash.js';
export { planId } from './fingerprint.js';
export { DEFAULT_CONTEXT_MODE, DEFAULT_MODE_LIMITS, nextContextMode } from './modes.js';
export { planContext } from './plan.js';
export { isStableReason } from './reasons.js';
export type {
  Candidate,
  CardCandidate,
  ContextPlan,
  CurrentCandidate,
  ExcludedEntry,
  ExclusionCode,
  ExclusionReason,
  IncludedEntry,
  InclusionCode,
  InclusionReason,
  ItemBody,
  ItemCandidate,
  ItemOrigin,
  ModeLimits,
  PlanInput,
  PlanRedaction,
  PromptCandidate,
  PromptPart,
  Section,
  SectionTotals,
  TurnCandidate,
  WorkspaceCandidate,
} from './types.js';
export { SECTIONS } from './types.js';
