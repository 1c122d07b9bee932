import { MemoryStore, type StoreEvent } from '@ctxkit/core';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { useMessages, usePins } from '../queries/index.js';
import { conversation, kitEngine } from '../test/fixtures.js';
import { Kit } from '../test/kit.js';
import { invalidateForEvent } from './invalidate.js';
import { ctxkitKeys } from './keys.js';

/** Every kind of key for two sessions, cached with no observers, so invalidation marks without refetching. */
function seededClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(ctxkitKeys.catalog(), 'catalog');
  client.setQueryData(ctxkitKeys.sessions(), []);
  for (const id of ['a', 'b']) {
    client.setQueryData(ctxkitKeys.record(id), {});
    client.setQueryData(ctxkitKeys.messages(id), []);
    client.setQueryData(ctxkitKeys.usage(id), []);
    client.setQueryData(ctxkitKeys.plan(id, `${id}-old`), {});
    client.setQueryData(ctxkitKeys.plan(id, `${id}-new`), null);
    client.setQueryData(ctxkitKeys.estimate(id, ''), {});
    client.setQueryData(ctxkitKeys.estimate(id, 'draft'), {});
  }
  return client;
}

async function invalidatedBy(event: StoreEvent): Promise<string[]> {
  const client = seededClient();
  await invalidateForEvent(client, event);
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();
}

describe('invalidation from store events', () => {
  test('a saved session refreshes its record and estimates, and the session list; nothing else', async () => {
    expect(await invalidatedBy({ type: 'session-saved', sessionId: 'a' })).toEqual([
      'ctxkit/session/a/estimate/',
      'ctxkit/session/a/estimate/draft',
      'ctxkit/session/a/record',
      'ctxkit/sessions',
    ]);
  });

  test('erased messages (a deleted turn) refresh its transcript, record, estimates and the session list', async () => {
    expect(await invalidatedBy({ type: 'messages-erased', sessionId: 'a', messageIds: ['m1'] })).toEqual([
      'ctxkit/session/a/estimate/',
      'ctxkit/session/a/estimate/draft',
      'ctxkit/session/a/messages',
      'ctxkit/session/a/record',
      'ctxkit/sessions',
    ]);
  });

  test('a committed turn refreshes messages, usage, record, estimates and exactly the plans it added', async () => {
    expect(
      await invalidatedBy({
        type: 'turn-committed',
        sessionId: 'b',
        messageIds: ['m1', 'm2'],
        planIds: ['b-new'],
      }),
    ).toEqual([
      'ctxkit/session/b/estimate/',
      'ctxkit/session/b/estimate/draft',
      'ctxkit/session/b/messages',
      'ctxkit/session/b/plan/b-new',
      'ctxkit/session/b/record',
      'ctxkit/session/b/usage',
      'ctxkit/sessions',
    ]);
  });

  test('a deleted session refreshes everything of that session and the list', async () => {
    expect(await invalidatedBy({ type: 'session-deleted', sessionId: 'a' })).toEqual([
      'ctxkit/session/a/estimate/',
      'ctxkit/session/a/estimate/draft',
      'ctxkit/session/a/messages',
      'ctxkit/session/a/plan/a-new',
      'ctxkit/session/a/plan/a-old',
      'ctxkit/session/a/record',
      'ctxkit/session/a/usage',
      'ctxkit/sessions',
    ]);
  });
});

function Transcript({ sessionId }: { sessionId: string }) {
  const messages = useMessages(sessionId);
  const pins = usePins(sessionId);
  return (
    <p>
      {messages.data?.length ?? '…'} messages, {pins.data?.length ?? '…'} pins
    </p>
  );
}

describe('changes from another engine on the same store (another tab)', () => {
  test('its pins and turns show up without a reload', async () => {
    const store = new MemoryStore();
    const here = await kitEngine({ store });
    const session = await here.createSession();
    const screen = await render(
      <Kit engine={here}>
        <Transcript sessionId={session.id} />
      </Kit>,
    );
    await expect.element(screen.getByText('0 messages, 0 pins')).toBeVisible();

    // The other tab has its own engine and its own Session object; only the store and its events are shared.
    const there = await kitEngine({ store });
    const theirs = await there.openSession(session.id);
    expect(theirs).not.toBe(session);
    await theirs.pin({ kind: 'card', title: 'Note', text: 'Remember this' });
    await expect.element(screen.getByText('0 messages, 1 pins')).toBeVisible();
    const turn = await theirs.prepare('Hello from the other tab');
    await theirs.commit(turn, 'Hello back');
    await expect.element(screen.getByText('2 messages, 1 pins')).toBeVisible();
  });

  test('a deleted session empties what was shown of it', async () => {
    const { engine, sessionId } = await conversation();
    const screen = await render(
      <Kit engine={engine}>
        <Transcript sessionId={sessionId} />
      </Kit>,
    );
    await expect.element(screen.getByText('4 messages, 3 pins')).toBeVisible();
    await engine.deleteSession(sessionId);
    await expect.element(screen.getByText('0 messages, … pins')).toBeVisible();
  });
});
