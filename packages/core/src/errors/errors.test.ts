import { describe, expect, test } from 'vitest';
import {
  BranchError,
  BudgetError,
  CatalogError,
  CorruptRecordError,
  CtxkitError,
  NotFoundError,
  StaleSessionError,
  TransactionError,
  ValidationError,
} from './index.js';

describe('ctxkit errors', () => {
  test.each([
    {
      name: 'CatalogError',
      code: 'catalog_invalid',
      error: new CatalogError([{ path: 'rules[0]', message: 'x' }]),
    },
    { name: 'ValidationError', code: 'invalid_input', error: new ValidationError('Invalid', []) },
    { name: 'BudgetError', code: 'over_budget', error: new BudgetError(10, []) },
    { name: 'TransactionError', code: 'transaction_state', error: new TransactionError('out of order') },
    { name: 'NotFoundError', code: 'not_found', error: new NotFoundError('session', 's1') },
    {
      name: 'CorruptRecordError',
      code: 'corrupt_record',
      error: new CorruptRecordError('plan p1', 'changed'),
    },
    { name: 'BranchError', code: 'has_branches', error: new BranchError('s1', ['b1']) },
    { name: 'StaleSessionError', code: 'stale_session', error: new StaleSessionError('s1') },
  ])('$name is named after its class and has a stable code for programs', ({ name, code, error }) => {
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CtxkitError);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(String(error)).toMatch(new RegExp(`^${name}: `));
  });

  test('keeps the error it was caused by', () => {
    const cause = new Error('disk full');
    expect(new TransactionError('commit failed', { cause }).cause).toBe(cause);
  });

  test('ValidationError lists every issue, in its message and as data', () => {
    const issues = [
      { path: 'model', message: 'must be a non-empty string' },
      { path: 'reservedOutput', message: 'must be an integer' },
    ];
    const error = new ValidationError('Invalid engine options', issues);
    expect(error.issues).toEqual(issues);
    expect(error.message).toBe(
      'Invalid engine options:\n  - model: must be a non-empty string\n  - reservedOutput: must be an integer',
    );
  });

  test('CatalogError counts its problems', () => {
    expect(new CatalogError([{ path: 'rules[0]', message: 'x' }]).message).toMatch(
      /^The catalog has 1 problem:\n/,
    );
    expect(
      new CatalogError([
        { path: 'rules[0]', message: 'x' },
        { path: 'rules[1]', message: 'y' },
      ]).message,
    ).toMatch(/^The catalog has 2 problems:\n/);
  });

  test('BudgetError says by how much the required context is over', () => {
    const error = new BudgetError(100, [
      { id: 'workspace', section: 'workspace', tokens: 90 },
      { id: 'rule:A', section: 'rules', tokens: 30 },
    ]);
    expect(error.requiredTokens).toBe(120);
    expect(error.message).toContain('Required context needs 120 tokens but the budget is 100 (over by 20).');
    expect(error.message).toContain('workspace (workspace, 90 tokens), rule:A (rules, 30 tokens).');
  });

  test('BudgetError writes its counts with digit groups, as the meter does', () => {
    const context = new BudgetError(9203, [
      { id: 'workspace', section: 'workspace', tokens: 8000 },
      { id: 'rule:A', section: 'rules', tokens: 2500 },
    ]);
    expect(context.message).toContain(
      'Required context needs 10,500 tokens but the budget is 9,203 (over by 1,297).',
    );
    expect(context.message).toContain('workspace (workspace, 8,000 tokens), rule:A (rules, 2,500 tokens).');
    const message = new BudgetError(9203, [
      { id: 'rule:A', section: 'rules', tokens: 1203 },
      { id: 'current:now', section: 'current', tokens: 12_000 },
    ]);
    expect(message.message).toContain(
      'The message needs 12,000 tokens but only 8,000 fit with the required context (budget 9,203, over by 4,000).',
    );
  });

  test('NotFoundError and CorruptRecordError name what they are about', () => {
    const missing = new NotFoundError('session', 's1', 'it was deleted');
    expect([missing.kind, missing.id, missing.message]).toEqual([
      'session',
      's1',
      "No session 's1': it was deleted.",
    ]);
    expect(new NotFoundError('plan', 'p1').message).toBe("No plan 'p1'.");
    const corrupt = new CorruptRecordError('plan p1', 'its input changed');
    expect([corrupt.where, corrupt.message]).toEqual([
      'plan p1',
      'The stored plan p1 is unusable: its input changed.',
    ]);
  });
});
