import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { useSessions } from '../queries/index.js';
import { kitEngine } from '../test/fixtures.js';
import { CtxkitProvider } from './provider.js';

function SessionCount() {
  const sessions = useSessions();
  return <p>{sessions.data ? `${sessions.data.length} sessions` : 'loading'}</p>;
}

function ClientName({ clients }: { clients: Map<QueryClient, string> }) {
  return <p>client: {clients.get(useQueryClient()) ?? 'unknown'}</p>;
}

function RecordClient({ seen }: { seen: Set<QueryClient> }) {
  seen.add(useQueryClient());
  return <SessionCount />;
}

describe('CtxkitProvider', () => {
  test('reuses the enclosing QueryClient, so the host keeps its own client below the kit', async () => {
    const engine = await kitEngine();
    await engine.createSession();
    const host = new QueryClient();
    const screen = await render(
      <QueryClientProvider client={host}>
        <CtxkitProvider engine={engine}>
          <SessionCount />
          <ClientName clients={new Map([[host, 'host']])} />
        </CtxkitProvider>
      </QueryClientProvider>,
    );
    await expect.element(screen.getByText('1 sessions')).toBeVisible();
    await expect.element(screen.getByText('client: host')).toBeVisible();
    expect(host.getQueryCache().getAll().length).toBeGreaterThan(0);
  });

  test('a queryClient prop wins over the enclosing one', async () => {
    const engine = await kitEngine();
    const host = new QueryClient();
    const kit = new QueryClient();
    const screen = await render(
      <QueryClientProvider client={host}>
        <CtxkitProvider engine={engine} queryClient={kit}>
          <SessionCount />
          <ClientName
            clients={
              new Map([
                [host, 'host'],
                [kit, 'kit'],
              ])
            }
          />
        </CtxkitProvider>
      </QueryClientProvider>,
    );
    await expect.element(screen.getByText('0 sessions')).toBeVisible();
    await expect.element(screen.getByText('client: kit')).toBeVisible();
    expect(host.getQueryCache().getAll()).toHaveLength(0);
  });

  test('without either, makes one client and keeps it across renders', async () => {
    const engine = await kitEngine();
    const seen = new Set<QueryClient>();
    const screen = await render(
      <CtxkitProvider engine={engine}>
        <RecordClient seen={seen} />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('0 sessions')).toBeVisible();
    await screen.rerender(
      <CtxkitProvider engine={engine}>
        <RecordClient seen={seen} />
      </CtxkitProvider>,
    );
    await expect.element(screen.getByText('0 sessions')).toBeVisible();
    expect(seen.size).toBe(1);
  });
});
