// The public API of @ctxkit/react, name by name: the provider, hooks over the core's data, and the components with
// their headless parts. The framework-free view models and text formatting live in `@ctxkit/core/view`; the names
// this package published before they moved there are re-exported from it, and nothing else of @ctxkit/core, React
// or react-query is.
export {
  agentReasonText,
  exclusionText,
  formatCost,
  formatDifference,
  formatScore,
  formatTokens,
  formatTokensShort,
  INCLUDE_MODE_LABELS,
  inclusionText,
  leaseText,
  MODE_LABELS,
  PIN_KIND_LABELS,
  pillText,
  SECTION_LABELS,
  selectionSummary,
} from '@ctxkit/core/view';
export {
  type AutoEntry,
  autoIncluded,
  type BudgetLevel,
  BudgetMeter,
  type BudgetMeterProps,
  type BudgetModel,
  type BudgetSegment,
  type BudgetThresholds,
  budgetOfError,
  budgetOfPlan,
  type CalibratedFigures,
  calibratedOfPlan,
  DEFAULT_MODE_HOTKEY,
  DEFAULT_THRESHOLDS,
  type MeterVariant,
  useBudgetMeter,
  WASTE_TARGET,
  type WasteModel,
  wasteOfMessages,
} from './components/budget-meter/index.js';
export { CleanupSuggestion, type CleanupSuggestionProps } from './components/cleanup-suggestion/index.js';
export {
  buildComparison,
  buildContextDetails,
  type ComparedItem,
  type ComparisonModel,
  ContextDetails,
  type ContextDetailsModel,
  type ContextDetailsProps,
  type ContextDetailsVariant,
  candidateLabel,
  type DetailItem,
  type DetailSection,
  type DetailSectionId,
  type ExcludedDetail,
  type NotRelevantProps,
  useContextDetails,
} from './components/context-details/index.js';
export {
  ContextPicker,
  type ContextPickerProps,
  type PickerGroup,
  type PickerOption,
  pickerGroups,
  useContextPicker,
} from './components/context-picker/index.js';
export { MemoryList, type MemoryListProps, memoryText } from './components/memory-list/index.js';
export { MessageMeter, type MessageMeterProps } from './components/message-meter/index.js';
export { PinButton, type PinButtonProps } from './components/pin-button/index.js';
export {
  buildPinRows,
  PIN_GROUPS,
  PinManager,
  type PinManagerProps,
  type PinRow,
  type SuggestedPin,
  SuggestedPinsHint,
  type SuggestedPinsHintProps,
  targetTitle,
  usePinManager,
} from './components/pin-manager/index.js';
export { PrivateSwitch, type PrivateSwitchProps } from './components/private-switch/index.js';
export { RecallSwitch, type RecallSwitchProps } from './components/recall-switch/index.js';
export {
  checkRetentionProps,
  RetentionSetting,
  type RetentionSettingProps,
} from './components/retention-setting/index.js';
export {
  TaskField,
  type TaskFieldProps,
  TextSetting,
  type TextSettingProps,
  WorkspaceEditor,
  type WorkspaceEditorProps,
} from './components/session-settings/index.js';
export {
  checkTelemetryProps,
  TelemetryExport,
  type TelemetryExportProps,
} from './components/telemetry-export/index.js';
export {
  TokenMeter,
  type TokenMeterModel,
  type TokenMeterProps,
  type TokenUsage,
  tokenMeterModel,
} from './components/token-meter/index.js';
export {
  checkToolCalls,
  settledDecisions,
  ToolApproval,
  type ToolApprovalProps,
  type ToolDecisions,
} from './components/tool-approval/index.js';
export {
  type ToolStep,
  ToolTrace,
  type ToolTraceProps,
  toolLabel,
  toolSteps,
} from './components/tool-trace/index.js';
export { TriggerSwitches, type TriggerSwitchesProps } from './components/trigger-switches/index.js';
export {
  type CtxkitFormat,
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  CtxkitLocale,
  type CtxkitLocaleProps,
  createFormat,
  DEFAULT_LABELS,
  DEFAULT_LOCALE,
  type LabelValue,
  type LocaleProps,
  type PluralCategory,
  type PluralForms,
  richText,
  useCtxkitFormat,
  useCtxkitLabels,
} from './locale/index.js';
export {
  type AnyEngine,
  type CtxkitEngineSource,
  CtxkitProvider,
  type CtxkitProviderProps,
  type EngineFactory,
  useEngine,
} from './provider/index.js';
export {
  type ContextModeState,
  ctxkitKeys,
  type DeleteSessionInput,
  type DraftEstimateOptions,
  invalidateForEvent,
  latestTrackedReply,
  type PendingUserMessage,
  type PlanComparison,
  previousTurnPlanId,
  type SessionActions,
  type TranscriptMessage,
  useCatalog,
  useContextMode,
  useDeleteMemory,
  useDeleteOldSessions,
  useDeleteSession,
  useDraftEstimate,
  useExportTelemetry,
  useForgetRecalled,
  useMemories,
  useMessages,
  useOpenOrCreateSession,
  usePins,
  usePlan,
  usePlanComparison,
  useRequestContext,
  useSession,
  useSessionActions,
  useSessions,
  useSetCatalog,
  useSetModel,
  useSuggestions,
  useUsage,
} from './queries/index.js';
