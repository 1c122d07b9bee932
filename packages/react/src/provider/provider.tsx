import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { FormatProvider, type LocaleProps, useLocaleFormat } from '../locale/index.js';
import { invalidateForEvent } from '../query-cache/index.js';
import { checkEngineSource } from './engine-source.js';
import type { AnyEngine } from './engine-type.js';
import { type EngineFactory, useOwnedEngine } from './owned-engine.js';

export type { AnyEngine } from './engine-type.js';
export type { EngineFactory } from './owned-engine.js';

// `null`: no provider around. `'pending'`: inside a provider whose engine is not made yet (its fallback).
const EngineContext = /* @__PURE__ */ createContext<AnyEngine | 'pending' | null>(null);

/** An engine the host made (`engine`), or one the provider makes in the browser (`createEngine`). */
export type CtxkitEngineSource =
  | {
      /** An engine made before rendering: for apps rendered in the browser only. */
      readonly engine: AnyEngine;
      readonly createEngine?: never;
      readonly fallback?: never;
    }
  | {
      readonly engine?: never;
      /**
       * Makes the engine after the provider mounts, in the browser only: for server-rendered apps (Next.js, Remix),
       * where IndexedDB does not exist during the server render. Called once (the first value is used; give the
       * provider a new `key` for a new engine), and the engine and its store are closed when the provider
       * unmounts. A rejection is thrown to the nearest error boundary.
       */
      readonly createEngine: EngineFactory;
      /** Rendered instead of the children until the engine is ready: on the server, and in the browser meanwhile. */
      readonly fallback?: ReactNode;
    };

export type CtxkitProviderProps = CtxkitEngineSource &
  LocaleProps & {
    /**
     * The QueryClient the kit's queries live in. By default the one of an enclosing `QueryClientProvider` (so the
     * kit shares the host's cache and devtools and never shadows the host's client for its own components), else
     * one the provider makes.
     */
    readonly queryClient?: QueryClient;
    readonly children?: ReactNode;
  };

/**
 * Gives the kit's hooks and components an engine, and keeps their queries in step with the engine's store; `locale`
 * and `labels` localize every component inside (see docs/localization.md). With `createEngine`, the children render
 * once the engine is made, so every hook below always has one; `fallback` shows until then.
 */
export function CtxkitProvider({
  engine: given,
  createEngine,
  fallback = null,
  queryClient,
  locale,
  labels,
  children,
}: CtxkitProviderProps) {
  checkEngineSource(given, createEngine);
  const format = useLocaleFormat({ locale, labels }, 'CtxkitProvider');
  const enclosing = useContext(QueryClientContext);
  // Made at most once, and only when neither the prop nor an enclosing provider gives a client.
  const ownClient = useRef<QueryClient | null>(null);
  if (!queryClient && !enclosing && ownClient.current === null) ownClient.current = new QueryClient();
  const client = queryClient ?? enclosing ?? (ownClient.current as QueryClient);
  const owned = useOwnedEngine(given ? undefined : createEngine);
  if (owned.status === 'error') throw owned.error;
  const engine = given ?? (owned.status === 'ready' ? owned.engine : null);
  useEffect(() => engine?.subscribe((event) => void invalidateForEvent(client, event)), [engine, client]);
  return (
    <QueryClientProvider client={client}>
      <EngineContext.Provider value={engine ?? 'pending'}>
        <FormatProvider format={format}>{engine ? children : fallback}</FormatProvider>
      </EngineContext.Provider>
    </QueryClientProvider>
  );
}

/** The provider's engine. Throws outside a provider, and in a `createEngine` provider's fallback (no engine yet). */
export function useEngine(): AnyEngine {
  const engine = useContext(EngineContext);
  if (engine === 'pending')
    throw new Error(
      'useEngine: the engine is still being created. CtxkitProvider renders its children once createEngine ' +
        'resolves; its fallback cannot use ctxkit hooks.',
    );
  if (!engine)
    throw new Error(
      'useEngine: wrap the component in <CtxkitProvider engine={engine}> or <CtxkitProvider createEngine={…}>.',
    );
  return engine;
}
