// `@ctxkit/core/view`: what a chat UI shows of ctxkit's data, as plain values, for any framework. The meter, the
// context details, the pin manager and the other parts of @ctxkit/react are thin React adapters over these models,
// and another framework's adapter can be one too without importing React's package.
export {
  type AutoEntry,
  autoIncluded,
  type BudgetLevel,
  type BudgetModel,
  type BudgetSegment,
  type BudgetThresholds,
  budgetOfError,
  budgetOfPlan,
  type CalibratedFigures,
  calibratedOfPlan,
  DEFAULT_THRESHOLDS,
  WASTE_TARGET,
  type WasteModel,
  wasteOfMessages,
} from './budget.js';
export { type CleanupEntry, type CleanupOptions, cleanupOf } from './cleanup.js';
export { buildComparison, type ComparedItem, type ComparisonModel } from './comparison.js';
export {
  type AttachmentDetail,
  buildContextDetails,
  type CapsuleDetail,
  type ContextDetailsModel,
  candidateLabel,
  type DetailItem,
  type DetailMode,
  type DetailSection,
  type DetailSectionId,
  detailMode,
  type ExcludedDetail,
  modeChoiceText,
  type ReuseDetail,
} from './context-details.js';
export { type PickerGroup, type PickerOption, pickerGroups } from './context-picker.js';
export { type CountingModel, countingOf } from './counting.js';
export {
  type CtxkitFormat,
  checkLabels,
  checkLocale,
  createFormat,
  DEFAULT_LOCALE,
  defaultFormat,
  type LabelValue,
  makeFormat,
  mergeLabels,
} from './format.js';
export {
  type CtxkitLabelOverrides,
  type CtxkitLabels,
  DEFAULT_LABELS,
  type PluralCategory,
  type PluralForms,
} from './labels.js';
export { type MessageMeterModel, type MessageMeterPart, messageMeterOf } from './message-meter.js';
export {
  buildPinRows,
  PIN_GROUPS,
  type PinRow,
  type SuggestedPin,
  storedSuggestion,
  targetTitle,
} from './pins.js';
export { selectionSummary } from './summary.js';
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
} from './texts.js';
export { type TokenMeterModel, type TokenUsage, tokenMeterModel } from './token-meter.js';
export { checkToolCalls, settledDecisions, type ToolDecisions } from './tool-approval.js';
export { type ToolStep, toolLabel, toolSteps } from './tool-trace.js';
