import { PrivateSessionStore, reportError } from '@ctxkit/core';
import { useEffect, useRef, useState } from 'react';
import type { AnyEngine } from './engine-type.js';

/** Makes the engine a provider owns: called once, in the browser, after the provider mounts. */
export type EngineFactory = () => AnyEngine | Promise<AnyEngine>;

/** Where an engine the provider creates is: being created, ready, or failed. */
export type OwnedEngineState =
  | { readonly status: 'pending' }
  | { readonly status: 'ready'; readonly engine: AnyEngine }
  | { readonly status: 'error'; readonly error: unknown };

interface Owned {
  readonly promise: Promise<AnyEngine>;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
  closed: boolean;
}

const PENDING: OwnedEngineState = { status: 'pending' };

/**
 * The engine a factory makes, made in an effect (so never on the server, where effects do not run) and closed when
 * the provider unmounts. StrictMode's mount, unmount, mount in development must not make two engines (two
 * connections, two learners writing one store): the close is put off to a task of its own and called off when the
 * effect runs again at once, which it does only for such a simulated unmount.
 */
export function useOwnedEngine(factory: EngineFactory | undefined): OwnedEngineState {
  const [state, setState] = useState<OwnedEngineState>(PENDING);
  const owned = useRef<Owned | null>(null);
  // The first factory is the one: an inline arrow is a new function on every render, and a new engine per render
  // would lose every session's open turn. A host makes a new engine by giving the provider a new key.
  const first = useRef(factory);
  useEffect(() => {
    const make = first.current;
    if (!make) return;
    let entry = owned.current;
    if (entry?.closeTimer !== undefined) {
      clearTimeout(entry.closeTimer);
      entry.closeTimer = undefined;
    }
    if (!entry || entry.closed) {
      entry = {
        promise: new Promise<AnyEngine>((resolve) => resolve(make())),
        closeTimer: undefined,
        closed: false,
      };
      owned.current = entry;
      setState(PENDING);
    }
    let live = true;
    entry.promise.then(
      (engine) => {
        if (live) setState({ status: 'ready', engine });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', error });
      },
    );
    const mine = entry;
    return () => {
      live = false;
      mine.closeTimer = setTimeout(() => {
        mine.closeTimer = undefined;
        mine.closed = true;
        // Still being made: it is closed once it is, and never shown.
        mine.promise.then(closeEngine, () => undefined);
      }, 0);
    };
  }, []);
  return state;
}

/** The engine first (it writes what learning has pending), then the store it was made on, when that can close. */
async function closeEngine(engine: AnyEngine): Promise<void> {
  try {
    await engine.close();
  } catch (error) {
    reportError(error);
  }
  // The engine keeps private sessions in front of the store it was made on; that one is the factory's to close.
  const store = (engine.store instanceof PrivateSessionStore ? engine.store.persistent : engine.store) as {
    close?: unknown;
  };
  if (typeof store.close === 'function') {
    try {
      store.close.call(store);
    } catch (error) {
      reportError(error);
    }
  }
}
