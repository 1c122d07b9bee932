export { ctxkitKeys, invalidateForEvent } from '../query-cache/index.js';
export {
  type SessionActions,
  useForgetRecalled,
  useSessionActions,
  useSetCatalog,
  useSetModel,
} from './actions.js';
export { type DeleteSessionInput, useDeleteSession, useOpenOrCreateSession } from './chats.js';
export { type PlanComparison, previousTurnPlanId, usePlanComparison } from './comparison.js';
export {
  type ContextModeState,
  type DraftEstimateOptions,
  latestTrackedReply,
  type PendingUserMessage,
  type TranscriptMessage,
  useCatalog,
  useContextMode,
  useDraftEstimate,
  useMessages,
  usePins,
  usePlan,
  useRequestContext,
  useSession,
  useSessions,
  useUsage,
} from './hooks.js';
export { useDeleteOldSessions, useExportTelemetry } from './housekeeping.js';
export { useDeleteMemory, useMemories } from './memories.js';
export { useSuggestions } from './suggestions.js';
