export { CtxkitError, type ErrorIssue } from './ctxkit-error.js';
export {
  BudgetError,
  type BudgetShortfall,
  CatalogError,
  NotFoundError,
  TransactionError,
  ValidationError,
} from './errors.js';
