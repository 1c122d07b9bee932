import { createEngine, openIdbStore } from '@ctxkit/core';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BudgetMeter } from '../components/budget-meter/index.js';
import { ContextDetails } from '../components/context-details/index.js';
import { CtxkitProvider } from './provider.js';

// A server has no IndexedDB. Here reaching for it is recorded (and fails as it would on a server), so a render
// that opened a store, or made the engine, during the server render shows up.
let reached: string[] = [];
beforeEach(() => {
  reached = [];
  for (const name of ['indexedDB', 'IDBKeyRange'])
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        reached.push(name);
        throw new ReferenceError(`${name} is not defined`);
      },
    });
});
afterEach(() => {
  for (const name of ['indexedDB', 'IDBKeyRange']) Reflect.deleteProperty(globalThis, name);
});

describe('CtxkitProvider with createEngine on the server', () => {
  test('renders the fallback, not the children, and never makes the engine', () => {
    const factory = vi.fn(async () =>
      createEngine({
        model: 'gpt-4o-mini',
        contextWindow: 128_000,
        catalog: {},
        store: await openIdbStore({ name: 'server-render' }),
      }),
    );
    const html = renderToString(
      <CtxkitProvider createEngine={factory} fallback={<p>Loading the chat…</p>}>
        <BudgetMeter sessionId="s" draft="" />
        <ContextDetails sessionId="s" messageId="m" />
      </CtxkitProvider>,
    );
    expect(html).toBe('<p>Loading the chat…</p>');
    expect(factory).not.toHaveBeenCalled();
    expect(reached).toEqual([]);
  });

  test('the trap notices a store opened on the server', async () => {
    // What the test above rules out: opening the store is exactly what reaches IndexedDB.
    await expect(openIdbStore({ name: 'server-render' })).rejects.toThrow();
    expect(reached).toContain('indexedDB');
  });

  test('without a fallback, renders nothing until the browser has the engine', () => {
    const html = renderToString(
      <CtxkitProvider createEngine={() => new Promise(() => undefined)}>
        <BudgetMeter sessionId="s" draft="" />
      </CtxkitProvider>,
    );
    expect(html).toBe('');
    expect(reached).toEqual([]);
  });
});
