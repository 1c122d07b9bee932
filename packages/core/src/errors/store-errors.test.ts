import { expect, test } from 'vitest';
import {
  CtxkitError,
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
} from './index.js';

test.each([
  {
    name: 'StorageQuotaError',
    code: 'storage_quota',
    error: new StorageQuotaError('commit of a turn to session s1'),
    says: /commit of a turn to session s1 was not written.*Delete or export old sessions/,
  },
  {
    name: 'StoreBlockedError',
    code: 'store_blocked',
    error: new StoreBlockedError('chat', 1, 2),
    says: /'chat' cannot be upgraded from version 1 to 2: another tab.*Close the other tabs/,
  },
  {
    name: 'StoreVersionError',
    code: 'store_version',
    error: new StoreVersionError('message 3 of session s1', 4, 1),
    says: /message 3 of session s1 has version 4, newer than .* \(1\)\. Reload the page/,
  },
  {
    name: 'StoreClosedError',
    code: 'store_closed',
    error: new StoreClosedError('chat', 'close() was called'),
    says: /'chat' is closed \(close\(\) was called\); open it again/,
  },
])('$name names what failed, where, and the way out', ({ name, code, error, says }) => {
  expect(error).toBeInstanceOf(CtxkitError);
  expect(error.name).toBe(name);
  expect(error.code).toBe(code);
  expect(error.message).toMatch(says);
});
