// `@ctxkit/core/replay`: comparing plans. A subpath of its own, so apps that never compare plans do not ship it.
export {
  type ChangedEntry,
  diffPlans,
  type EnteredEntry,
  isEmptyDiff,
  type LeftEntry,
  type PlanChangeKind,
  type PlanDiff,
} from './diff.js';
