export {
  buildComparison,
  buildContextDetails,
  type ComparedItem,
  type ComparisonModel,
  type ContextDetailsModel,
  candidateLabel,
  type DetailItem,
  type DetailSection,
  type DetailSectionId,
  type ExcludedDetail,
} from '@ctxkit/core/view';
export { ContextDetails, type ContextDetailsProps, type ContextDetailsVariant } from './context-details.js';
export { type NotRelevantProps, useContextDetails } from './parts.js';
