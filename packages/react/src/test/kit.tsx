import type { Engine } from '@ctxkit/core';
import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CtxkitProvider } from '../provider/index.js';

/** A provider with a fresh QueryClient, so each story and test starts from an empty cache. */
export function Kit({ engine, children }: { engine: Engine; children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return (
    <CtxkitProvider engine={engine} queryClient={client}>
      {children}
    </CtxkitProvider>
  );
}
