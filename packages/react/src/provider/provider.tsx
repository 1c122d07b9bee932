import type { Engine } from '@ctxkit/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { invalidateForEvent } from '../queries/invalidate.js';

// Any renderer's engine will do: the kit reads plans, records and messages, never provider requests.
// biome-ignore lint/suspicious/noExplicitAny: the request type is irrelevant to the kit
export type AnyEngine = Engine<any>;

const EngineContext = createContext<AnyEngine | null>(null);

export interface CtxkitProviderProps {
  readonly engine: AnyEngine;
  /** The host's QueryClient, to share its cache and devtools; by default the provider makes its own. */
  readonly queryClient?: QueryClient;
  readonly children?: ReactNode;
}

/** Gives the kit's hooks and components an engine, and keeps their queries in step with the engine's store. */
export function CtxkitProvider({ engine, queryClient, children }: CtxkitProviderProps) {
  const [ownClient] = useState(() => queryClient ?? new QueryClient());
  const client = queryClient ?? ownClient;
  useEffect(() => engine.subscribe((event) => void invalidateForEvent(client, event)), [engine, client]);
  return (
    <QueryClientProvider client={client}>
      <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>
    </QueryClientProvider>
  );
}

/** The provider's engine. */
export function useEngine(): AnyEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine: wrap the component in <CtxkitProvider engine={engine}>.');
  return engine;
}
