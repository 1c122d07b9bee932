import type { CtxkitError } from './ctxkit-error.js';
import type {
  BranchError,
  BudgetError,
  CatalogError,
  CorruptRecordError,
  EmbedderLoadError,
  NotFoundError,
  SessionExistsError,
  StaleSessionError,
  TransactionError,
  UnsupportedAttachmentError,
  ValidationError,
} from './errors.js';
import type {
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
} from './store-errors.js';

/** Every error ctxkit throws on purpose, by its stable `code`. */
export interface CtxkitErrorsByCode {
  catalog_invalid: CatalogError;
  invalid_input: ValidationError;
  over_budget: BudgetError;
  transaction_state: TransactionError;
  stale_session: StaleSessionError;
  not_found: NotFoundError;
  session_exists: SessionExistsError;
  corrupt_record: CorruptRecordError;
  has_branches: BranchError;
  embedder_unavailable: EmbedderLoadError;
  storage_quota: StorageQuotaError;
  store_blocked: StoreBlockedError;
  store_version: StoreVersionError;
  store_closed: StoreClosedError;
  unsupported_attachment: UnsupportedAttachmentError;
}

export type CtxkitErrorCode = keyof CtxkitErrorsByCode;

const CODES: ReadonlySet<string> = new Set<CtxkitErrorCode>([
  'catalog_invalid',
  'invalid_input',
  'over_budget',
  'transaction_state',
  'stale_session',
  'not_found',
  'session_exists',
  'corrupt_record',
  'has_branches',
  'embedder_unavailable',
  'storage_quota',
  'store_blocked',
  'store_version',
  'store_closed',
  'unsupported_attachment',
]);

/**
 * Whether `error` is one of ctxkit's errors (with `code`, that one), told by its stable `code` rather than by
 * `instanceof`: an app that ends up with two copies of `@ctxkit/core` (a bundler duplicating it, the React kit
 * resolving its own) still recognises the other copy's errors.
 */
export function isCtxkitError<C extends CtxkitErrorCode>(
  error: unknown,
  code: C,
): error is CtxkitErrorsByCode[C];
export function isCtxkitError(error: unknown): error is CtxkitError;
export function isCtxkitError(error: unknown, code?: CtxkitErrorCode): boolean {
  if (!(error instanceof Error)) return false;
  const found = (error as { code?: unknown }).code;
  if (typeof found !== 'string' || !CODES.has(found)) return false;
  return code === undefined || found === code;
}
