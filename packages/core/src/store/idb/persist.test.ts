import { afterEach, describe, expect, test, vi } from 'vitest';
import { ValidationError } from '../../errors/index.js';
import { requestPersistentStorage } from './persist.js';

describe('requestPersistentStorage settles', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test("with this runtime's own storage manager, answered or not (Firefox leaves an ungestured request open)", async () => {
    const result = await requestPersistentStorage({ timeoutMs: 2_000 });
    expect(['persisted', 'denied', 'unsupported', 'no-answer']).toContain(result);
  });

  test("on 'no-answer' when the browser never answers the request", async () => {
    const never = () => new Promise<boolean>(() => {});
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: never } });
    expect(await requestPersistentStorage({ timeoutMs: 20 })).toBe('no-answer');
    vi.stubGlobal('navigator', { storage: { persisted: never, persist: async () => true } });
    expect(await requestPersistentStorage({ timeoutMs: 20 })).toBe('no-answer');
  });

  test('with the answer, when it comes before the wait ends', async () => {
    const late = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 20));
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: late } });
    expect(await requestPersistentStorage({ timeoutMs: 5_000 })).toBe('persisted');
  });

  test('refuses options it cannot follow, by path', async () => {
    for (const options of [
      { timeoutMs: -1 },
      { timeoutMs: Number.NaN },
      { timeoutMs: '10' },
      { timeout: 10 },
      null,
    ]) {
      const error = await requestPersistentStorage(options as never).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues[0]?.path).toMatch(/^options/);
    }
  });
});
