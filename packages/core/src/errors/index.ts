export { CtxkitError, type ErrorIssue } from './ctxkit-error.js';
export {
  BudgetError,
  type BudgetShortfall,
  CatalogError,
  CorruptRecordError,
  NotFoundError,
  TransactionError,
  ValidationError,
} from './errors.js';
export { StorageQuotaError, StoreBlockedError, StoreClosedError, StoreVersionError } from './store-errors.js';
