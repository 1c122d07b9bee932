import { type Engine, type IdbStore, openIdbStore } from '@ctxkit/core';
import { afterEach, describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { kitEngine } from '../test/fixtures.js';
import { Kit } from '../test/kit.js';
import { useDeleteSession, useOpenOrCreateSession } from './chats.js';
import { useSessions } from './hooks.js';

/** A chat page of an app: the chat by its URL id, a send button, a delete button, and the app's chat list. */
function ChatPage({ chatId }: { chatId: string }) {
  const chat = useOpenOrCreateSession(chatId, { title: 'From the URL' });
  const sessions = useSessions();
  const remove = useDeleteSession();
  const session = chat.data;
  return (
    <main>
      <p>{session ? `${session.id} ${session.isStored ? 'stored' : 'not stored'}` : 'opening'}</p>
      <button
        type="button"
        disabled={!session}
        onClick={async () => {
          if (!session) return;
          await session.commit(await session.prepare('hello'), 'hi');
        }}
      >
        Send
      </button>
      <button type="button" onClick={() => remove.mutate({ sessionId: chatId })}>
        Delete chat
      </button>
      <ul aria-label="chats">
        {sessions.data?.map((record) => (
          <li key={record.id}>{record.title}</li>
        ))}
      </ul>
    </main>
  );
}

async function page(engine: Engine, chatId: string) {
  return render(
    <Kit engine={engine}>
      <ChatPage chatId={chatId} />
    </Kit>,
  );
}

describe('chats by the app’s ids', () => {
  test('a new chat is stored at its first turn, listed then, and deleting it leaves a fresh one', async () => {
    const engine = await kitEngine();
    const screen = await page(engine, 'chat-from-url');
    await expect.element(screen.getByText('chat-from-url not stored')).toBeVisible();
    expect(screen.getByRole('list', { name: 'chats' }).getByRole('listitem').elements()).toHaveLength(0);
    expect(await engine.listSessions()).toEqual([]);

    await screen.getByRole('button', { name: 'Send' }).click();
    await expect.element(screen.getByRole('listitem')).toHaveTextContent('From the URL');
    expect((await engine.openSession('chat-from-url')).messages).toHaveLength(2);

    await screen.getByRole('button', { name: 'Delete chat' }).click();
    await expect.element(screen.getByRole('listitem')).not.toBeInTheDocument();
    expect(await engine.listSessions()).toEqual([]);
    await expect.element(screen.getByText('chat-from-url not stored')).toBeVisible();
  });
});

const opened: IdbStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/** Two IdbStores on one database are two tabs. */
async function twoTabs(): Promise<{ here: Engine; there: Engine }> {
  const name = `ctxkit-react-chats-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const tab = async (idPrefix: string) => {
    const store = await openIdbStore({ name });
    opened.push(store);
    return kitEngine({ store, idPrefix });
  };
  return { here: await tab('here'), there: await tab('there') };
}

test('a chat another tab moved on is opened afresh here, so a turn sent here is not refused as stale', async () => {
  const { here, there } = await twoTabs();
  const chat = await here.createSession({ id: 'shared-chat' });
  await chat.commit(await chat.prepare('first'), 'one');
  const screen = await page(here, 'shared-chat');
  await expect.element(screen.getByText('shared-chat stored')).toBeVisible();

  const theirs = await there.openSession('shared-chat');
  await theirs.commit(await theirs.prepare('from the other tab'), 'two');
  await expect.poll(() => chat.isStale).toBe(true);

  await screen.getByRole('button', { name: 'Send' }).click();
  await expect.poll(async () => (await there.store.loadSession('shared-chat'))?.messages.length).toBe(6);
});
