export { buildComparison, type ComparedItem, type ComparisonModel } from './comparison.js';
export { ContextDetails, type ContextDetailsProps } from './context-details.js';
export {
  buildContextDetails,
  type ContextDetailsModel,
  candidateLabel,
  type DetailItem,
  type DetailSection,
  type DetailSectionId,
  type ExcludedDetail,
} from './model.js';
export { type NotRelevantProps, useContextDetails } from './parts.js';
