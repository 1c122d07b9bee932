import type { Engine } from '@ctxkit/core';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { FormatProvider, type LocaleProps, useLocaleFormat } from '../locale/index.js';
import { invalidateForEvent } from '../query-cache/index.js';

// Any renderer's engine will do: the kit reads plans, records and messages, never provider requests.
// biome-ignore lint/suspicious/noExplicitAny: the request type is irrelevant to the kit
export type AnyEngine = Engine<any>;

const EngineContext = /* @__PURE__ */ createContext<AnyEngine | null>(null);

export interface CtxkitProviderProps extends LocaleProps {
  readonly engine: AnyEngine;
  /**
   * The QueryClient the kit's queries live in. By default the one of an enclosing `QueryClientProvider` (so the kit
   * shares the host's cache and devtools and never shadows the host's client for its own components), else one the
   * provider makes.
   */
  readonly queryClient?: QueryClient;
  readonly children?: ReactNode;
}

/**
 * Gives the kit's hooks and components an engine, and keeps their queries in step with the engine's store; `locale`
 * and `labels` localize every component inside (see docs/localization.md).
 */
export function CtxkitProvider({ engine, queryClient, locale, labels, children }: CtxkitProviderProps) {
  const format = useLocaleFormat({ locale, labels }, 'CtxkitProvider');
  const enclosing = useContext(QueryClientContext);
  // Made at most once, and only when neither the prop nor an enclosing provider gives a client.
  const ownClient = useRef<QueryClient | null>(null);
  if (!queryClient && !enclosing && ownClient.current === null) ownClient.current = new QueryClient();
  const client = queryClient ?? enclosing ?? (ownClient.current as QueryClient);
  useEffect(() => engine.subscribe((event) => void invalidateForEvent(client, event)), [engine, client]);
  return (
    <QueryClientProvider client={client}>
      <EngineContext.Provider value={engine}>
        <FormatProvider format={format}>{children}</FormatProvider>
      </EngineContext.Provider>
    </QueryClientProvider>
  );
}

/** The provider's engine. */
export function useEngine(): AnyEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine: wrap the component in <CtxkitProvider engine={engine}>.');
  return engine;
}
