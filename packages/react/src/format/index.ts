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
} from './labels.js';
export { selectionSummary } from './summary.js';
