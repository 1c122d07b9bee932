import { type Engine, isCtxkitError, openIdbStore } from '@ctxkit/core';
import { Component, type ReactNode, StrictMode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { useSessions } from '../queries/index.js';
import { kitEngine } from '../test/fixtures.js';
import { CtxkitProvider, useEngine } from './provider.js';

function SessionCount() {
  const sessions = useSessions();
  return <p>{sessions.data ? `${sessions.data.length} sessions` : 'loading'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">failed: {String(this.state.error)}</p> : this.props.children;
  }
}

function Eager() {
  useEngine();
  return null;
}

let databases = 0;
/** An engine on a fresh IndexedDB database, with one session in it, as a host's factory would make it. */
async function idbEngine(): Promise<Engine> {
  const engine = await kitEngine({
    store: await openIdbStore({ name: `ctxkit-provider-${Date.now()}-${++databases}` }),
  });
  await engine.createSession();
  return engine;
}

/** A promise settled from outside, to hold the factory at a chosen point. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

async function closed(engine: Engine): Promise<boolean> {
  try {
    await engine.store.loadSession('any');
    return false;
  } catch (error) {
    return isCtxkitError(error, 'store_closed');
  }
}

describe('CtxkitProvider with createEngine', () => {
  test('shows the fallback until the engine is made, then the children on it', async () => {
    const made = deferred<Engine>();
    const screen = await render(
      <CtxkitProvider createEngine={() => made.promise} fallback={<p>Starting…</p>}>
        <SessionCount />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('Starting…')).toBeVisible();
    expect(screen.container.textContent).not.toContain('sessions');
    made.resolve(await idbEngine());
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
    expect(screen.container.textContent).not.toContain('Starting…');
  });

  test("makes one engine under StrictMode's double effects, and keeps its store open while mounted", async () => {
    const engines: Engine[] = [];
    const factory = vi.fn(async () => {
      const engine = await idbEngine();
      engines.push(engine);
      return engine;
    });
    const screen = await render(
      <StrictMode>
        <CtxkitProvider createEngine={factory} fallback={<p>Starting…</p>}>
          <SessionCount />
        </CtxkitProvider>
      </StrictMode>,
    );
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
    // A later render with a new inline factory keeps the engine it has.
    await screen.rerender(
      <StrictMode>
        <CtxkitProvider createEngine={() => idbEngine()} fallback={<p>Starting…</p>}>
          <SessionCount />
        </CtxkitProvider>
      </StrictMode>,
    );
    await new Promise((settle) => setTimeout(settle, 50));
    expect(factory).toHaveBeenCalledTimes(1);
    expect(engines).toHaveLength(1);
    expect(await closed(engines[0] as Engine)).toBe(false);
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
  });

  test('closes the engine and its store when it unmounts', async () => {
    const engine = await idbEngine();
    const close = vi.spyOn(engine, 'close');
    const screen = await render(
      <CtxkitProvider createEngine={() => engine}>
        <SessionCount />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
    expect(close).not.toHaveBeenCalled();
    await screen.unmount();
    await expect.poll(() => close.mock.calls.length).toBe(1);
    await expect.poll(() => closed(engine)).toBe(true);
  });

  test('an engine still being made when the provider unmounts is closed once it is, and never shown', async () => {
    const made = deferred<Engine>();
    const screen = await render(
      <CtxkitProvider createEngine={() => made.promise} fallback={<p>Starting…</p>}>
        <SessionCount />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('Starting…')).toBeVisible();
    await screen.unmount();
    const engine = await idbEngine();
    const close = vi.spyOn(engine, 'close');
    made.resolve(engine);
    await expect.poll(() => close.mock.calls.length).toBe(1);
    await expect.poll(() => closed(engine)).toBe(true);
  });

  test('an engine given as a prop is the host’s: unmounting leaves it open', async () => {
    const engine = await idbEngine();
    const close = vi.spyOn(engine, 'close');
    const screen = await render(
      <CtxkitProvider engine={engine}>
        <SessionCount />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
    await screen.unmount();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(close).not.toHaveBeenCalled();
    expect(await closed(engine)).toBe(false);
  });

  test('a factory that fails reaches the nearest error boundary', async () => {
    const screen = await render(
      <Boundary>
        <CtxkitProvider
          createEngine={() => Promise.reject(new Error('no storage'))}
          fallback={<p>Starting…</p>}
        >
          <SessionCount />
        </CtxkitProvider>
      </Boundary>,
    );
    await expect.element(screen.getByRole('alert')).toHaveTextContent('failed: Error: no storage');
  });

  test('a hook in the fallback says the engine is not made yet', async () => {
    const screen = await render(
      <Boundary>
        <CtxkitProvider createEngine={() => new Promise<Engine>(() => undefined)} fallback={<Eager />}>
          <SessionCount />
        </CtxkitProvider>
      </Boundary>,
    );
    await expect.element(screen.getByRole('alert')).toHaveTextContent('the engine is still being created');
  });

  test('neither engine nor createEngine, or both, is a ValidationError naming the prop', async () => {
    const engine = await kitEngine();
    const cases = [
      { props: {}, path: 'engine' },
      { props: { engine, createEngine: () => engine }, path: 'createEngine' },
      { props: { createEngine: 'engine' }, path: 'createEngine' },
    ];
    for (const { props, path } of cases) {
      const screen = await render(
        <Boundary>
          {/* @ts-expect-error: what a JavaScript caller may pass */}
          <CtxkitProvider {...props}>
            <SessionCount />
          </CtxkitProvider>
        </Boundary>,
      );
      await expect.element(screen.getByRole('alert')).toHaveTextContent('ValidationError');
      await expect.element(screen.getByRole('alert')).toHaveTextContent(`${path}:`);
      await screen.unmount();
    }
  });
});
