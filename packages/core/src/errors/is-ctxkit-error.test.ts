import { describe, expect, test } from 'vitest';
import {
  BranchError,
  BudgetError,
  CatalogError,
  CorruptRecordError,
  type CtxkitError,
  type CtxkitErrorCode,
  EmbedderLoadError,
  isCtxkitError,
  NotFoundError,
  StaleSessionError,
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
  TransactionError,
  UnsupportedAttachmentError,
  ValidationError,
} from './index.js';

const everyError: readonly CtxkitError[] = [
  new CatalogError([{ path: 'rules[0]', message: 'x' }]),
  new ValidationError('Invalid', []),
  new BudgetError(10, []),
  new TransactionError('out of order'),
  new StaleSessionError('s1'),
  new NotFoundError('session', 's1'),
  new CorruptRecordError('plan p1', 'changed'),
  new BranchError('s1', ['b1']),
  new EmbedderLoadError('m', 'library-missing', 'not installed'),
  new StorageQuotaError('commit'),
  new StoreBlockedError('ctxkit', 1, 2),
  new StoreVersionError('ctxkit', 3, 2),
  new StoreClosedError('ctxkit', 'closed by another tab'),
  new UnsupportedAttachmentError('attachments[0]', 'audio/mpeg', 'ctxkit', 'no renderer sends audio'),
];

/** An error of the same name and code from a second copy of the package: not the same class. */
class ForeignBudgetError extends Error {
  readonly code = 'over_budget';
  readonly budget = 10;
}

describe('isCtxkitError', () => {
  test.each(everyError.map((error) => ({ name: error.name, error })))(
    'recognises $name by its code',
    ({ error }) => {
      expect(isCtxkitError(error)).toBe(true);
      expect(isCtxkitError(error, error.code as CtxkitErrorCode)).toBe(true);
    },
  );

  test('recognises an error from another copy of the package by its code, where instanceof fails', () => {
    const foreign = new ForeignBudgetError('over');
    expect(foreign instanceof BudgetError).toBe(false);
    expect(isCtxkitError(foreign, 'over_budget')).toBe(true);
    expect(isCtxkitError(foreign, 'stale_session')).toBe(false);
  });

  test('refuses errors with another code, codes of other libraries, and values that are not errors', () => {
    expect(isCtxkitError(new BudgetError(10, []), 'stale_session')).toBe(false);
    expect(isCtxkitError(Object.assign(new Error('no file'), { code: 'ENOENT' }))).toBe(false);
    expect(isCtxkitError({ code: 'over_budget', message: 'a plain object' })).toBe(false);
    expect(isCtxkitError(new Error('plain'))).toBe(false);
    expect(isCtxkitError(null)).toBe(false);
    expect(isCtxkitError('over_budget')).toBe(false);
  });
});
