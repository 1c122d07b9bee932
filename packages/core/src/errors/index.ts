export { CtxkitError, type ErrorIssue } from './ctxkit-error.js';
export {
  BudgetError,
  type BudgetShortfall,
  CatalogError,
  CorruptRecordError,
  type EmbedderFailure,
  EmbedderLoadError,
  NotFoundError,
  TransactionError,
  ValidationError,
} from './errors.js';
