// The public API of @ctxkit/core. Folders export more for each other; only what is listed here is public.
export type { BranchNode, ForkOptions } from './branches/index.js';
export type { CapsuleInput } from './capsules/types.js';
export * from './catalog/index.js';
export * from './embeddings/index.js';
export * from './engine/index.js';
export * from './errors/index.js';
// The hash only: checking and planning capsules load with the first capsules a host supplies. A capsule names
// the content it summarizes by this hash of the reference's `content`.
export { hashString as hashReferenceContent } from './hash/index.js';
export {
  BLOB_REF_PREFIX,
  DEFAULT_HISTORY,
  DEFAULT_LARGE_CONTENT,
  findBlobRefs,
  type HistoryOptions,
  type LargeContentOptions,
  type Summarizer,
  type SummarizerInput,
  type SummaryResult,
} from './history/index.js';
// The host loop: prepare, model call, tool calls, continue, commit or roll back, with its rules in one place.
export {
  DEFAULT_MAX_ROUNDS,
  driveTurn,
  HostTurn,
  type HostTurnState,
  type ModelAnswer,
  type ModelCallContext,
  type OpenTurnOptions,
  openTurn,
  type ReplyStep,
  type RoundLimitRule,
  type RunTurnOptions,
  runTurn,
  type StaleRule,
  type ToolRunContext,
  type TurnCallbacks,
  type TurnOutcome,
  type TurnRules,
  type TurnSource,
} from './host-loop/index.js';
export {
  DEFAULT_MEMORY_LIMITS,
  type Memories,
  type MemoryContent,
  type MemoryEntry,
  type MemoryInput,
  type MemoryLimits,
  type MemorySource,
  memoriesFromSummary,
  type SummaryMemories,
} from './memory/index.js';
export * from './planner/index.js';
export * from './pricing/index.js';
export {
  BUILTIN_SECRET_KINDS,
  type BuiltinSecretKind,
  createRedactor,
  expiredSessions,
  HIGH_ENTROPY_MIN_LENGTH,
  HIGH_ENTROPY_THRESHOLD,
  PrivateSessionStore,
  type RedactedText,
  type Redaction,
  type RedactionOptions,
  type RedactionPattern,
  type Redactor,
  type RetentionOptions,
  redactionMarker,
  redactMessage,
  redactSecrets,
  shannonEntropy,
} from './privacy/index.js';
export type {
  CacheUsage,
  PinChange,
  PinChangeReason,
  PromotionRules,
  Reflection,
  ReflectionState,
  TelemetryRecord,
  TurnReflection,
  TurnWaste,
  UserDecision,
  Waste,
  WasteEntry,
} from './reflection/index.js';
export {
  type AnthropicBlock,
  type AnthropicCacheControl,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
  type AnthropicRenderOptions,
  escapeAttribute,
  escapeText,
  layoutPlan,
  type OpenAIChatRequest,
  type OpenAIContentPart,
  type OpenAIMessage,
  type PromptLayout,
  type RenderOptions,
  renderAnthropicMessages,
  renderOpenAIChat,
  type ToolDefinition,
} from './render/index.js';
// Types only: `diffPlans` itself is imported from `@ctxkit/core/replay`, so the main entry does not carry it.
export type {
  ChangedEntry,
  EnteredEntry,
  LeftEntry,
  PlanChangeKind,
  PlanDiff,
} from './replay/index.js';
export * from './retrieval/index.js';
export {
  type AssistantMessage,
  type BranchOrigin,
  type ChatMessage,
  type Checkpoint,
  CONTEXT_MODES,
  type ContextMode,
  type HistoryBlockRecord,
  isContextMode,
  type Lease,
  type LeaseScope,
  type MessageRedaction,
  type ModelReply,
  type NoteMessage,
  type Pin,
  type PinKind,
  type PinTarget,
  pinTargetKey,
  type RequestContext,
  type RequestContextItem,
  type SessionContextItem,
  type SessionRecord,
  type ToolApproval,
  type ToolCall,
  type ToolResultMessage,
  type TurnStep,
  type Usage,
  type UsageReport,
  type UserMessage,
} from './session/index.js';
// A shared document found malformed is kept under `<key>.corrupt-<time>`: how a host tells such keys in an export.
export { isSetAsideKey } from './shared-documents/index.js';
export * from './store/index.js';
export type {
  IgnoredSuggestion,
  IgnoredSuggestionReason,
  PinSuggestion,
  SuggestionReport,
  SuggestionSource,
} from './suggestions/index.js';
export * from './tokens/index.js';
