export type { QueryCluster } from './cluster-types.js';
export type { EarnedDismissal, EarnedState, ItemUse, ServedCluster } from './earned-types.js';
export type { MemoryContent, MemorySource } from './memory-types.js';
export type {
  PinChange,
  PinChangeReason,
  ReflectionState,
  TurnReflection,
  TurnWaste,
  UserDecision,
  Waste,
  WasteEntry,
} from './reflection-types.js';
export {
  advanceLeases,
  findPin,
  makePin,
  newSessionRecord,
  pinTargetKey,
  withItem,
  withoutItem,
  withoutPin,
  withPin,
  withPromotedPin,
  withTask,
} from './state.js';
export type { PinSuggestion, SuggestionSource } from './suggestion-types.js';
export { type PromptPart, type PromptPartText, SystemPrompt } from './system-prompt.js';
export {
  type Transcript,
  type TranscriptEntry,
  type TranscriptNote,
  type TranscriptTurn,
  transcriptOf,
} from './transcript.js';
export { TRIGGER_GROUPS, type TriggerGroup, type TriggerSwitches } from './trigger-switches.js';
export { groupTurns, type Turn } from './turns.js';
export type {
  AssistantMessage,
  BranchOrigin,
  ChatMessage,
  Checkpoint,
  ContextMode,
  EarnedBy,
  HistoryBlockRecord,
  Lease,
  LeaseScope,
  MessageRedaction,
  ModelReply,
  ModeSetting,
  NoteMessage,
  Pin,
  PinKind,
  PinTarget,
  RequestContext,
  RequestContextItem,
  SessionContextItem,
  SessionRecord,
  ToolApproval,
  ToolCall,
  ToolResultMessage,
  TurnStep,
  Usage,
  UsageReport,
  UserMessage,
} from './types.js';
export { CONTEXT_MODES, isContextMode, isModeSetting, MODE_SETTINGS } from './types.js';
