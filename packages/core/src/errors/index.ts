export { CtxkitError, type ErrorIssue } from './ctxkit-error.js';
export {
  BranchError,
  BudgetError,
  type BudgetShortfall,
  CatalogError,
  CorruptRecordError,
  type EmbedderFailure,
  EmbedderLoadError,
  NotFoundError,
  SessionExistsError,
  StaleSessionError,
  TransactionError,
  UnsupportedAttachmentError,
  ValidationError,
} from './errors.js';
export { type CtxkitErrorCode, type CtxkitErrorsByCode, isCtxkitError } from './is-ctxkit-error.js';
export { formatCount } from './numbers.js';
export { reportError } from './report.js';
export { StorageQuotaError, StoreBlockedError, StoreClosedError, StoreVersionError } from './store-errors.js';
