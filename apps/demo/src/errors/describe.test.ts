import {
  BudgetError,
  StaleSessionError,
  StorageQuotaError,
  StoreBlockedError,
  StoreClosedError,
  StoreVersionError,
} from '@ctxkit/core';
import { describe, expect, it } from 'vitest';
import { EndpointError } from '../responder/index.js';
import { describeError } from './describe.js';

describe('describeError', () => {
  it('chooses the words by the error’s type and keeps its own message as detail', () => {
    const cases: [unknown, string, 'reload' | null][] = [
      [
        new EndpointError('unreachable', 'http://127.0.0.1:9/v1/chat/completions', 'Could not reach it'),
        'endpoint-unreachable',
        null,
      ],
      [
        new EndpointError('http', 'http://h/v1/chat/completions', 'answered 404', 404, 'no model'),
        'endpoint-refused',
        null,
      ],
      [new StorageQuotaError('turn of session s1'), 'storage-quota', null],
      [new StoreBlockedError('ctxkit-demo', 1, 2), 'store-blocked', 'reload'],
      [new StoreVersionError('database ctxkit-demo', 3, 2), 'store-version', 'reload'],
      [new StoreClosedError('ctxkit-demo', 'closed by the browser'), 'store-closed', 'reload'],
      [new StaleSessionError('s1'), 'stale-session', null],
      [new Error('boom'), 'unknown', null],
      ['a string', 'unknown', null],
    ];
    for (const [error, kind, action] of cases) {
      const description = describeError(error);
      expect(description.kind).toBe(kind);
      expect(description.action).toBe(action);
      expect(description.detail).toBe(error instanceof Error ? error.message : String(error));
      expect(description.title).not.toBe('');
      expect(description.advice).not.toBe('');
    }
  });

  it('tells a quota error from others even when the message is the same', () => {
    const quota = new StorageQuotaError('turn of session s1');
    const plain = new Error(quota.message);
    expect(describeError(quota).kind).toBe('storage-quota');
    expect(describeError(plain).kind).toBe('unknown');
  });

  it('describes a budget that cannot hold the required context', () => {
    const error = new BudgetError(7_168, [{ id: 'rule:Tone', section: 'rules', tokens: 9_000 }]);
    expect(describeError(error).kind).toBe('over-budget');
    expect(describeError(error).title).toBe('The required context does not fit');
  });

  it('names a message too long to send as the cause, with the length that fits', () => {
    const error = new BudgetError(7_168, [
      { id: 'rule:Tone', section: 'rules', tokens: 168 },
      { id: 'current:m1', section: 'current', tokens: 9_000 },
    ]);
    const description = describeError(error);
    expect(description.title).toBe('This message is too long to send');
    expect(description.advice).toBe(
      `Shorten it to at most ${(7_000).toLocaleString()} tokens (it has ${(9_000).toLocaleString()}), or send it in parts.`,
    );
  });
});
