import { type Engine, type IdbStore, openIdbStore } from '@ctxkit/core';
import { afterEach, describe, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import { BudgetMeter } from '../components/budget-meter/index.js';
import { ContextDetails } from '../components/context-details/index.js';
import { PinManager } from '../components/pin-manager/index.js';
import { kitEngine } from '../test/fixtures.js';
import { Kit } from '../test/kit.js';
import { useMessages } from './hooks.js';

// Two IdbStores on one database are two tabs: each hears the other's writes through BroadcastChannel.
const opened: IdbStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function twoTabs(): Promise<{ here: Engine; there: Engine; storeThere: IdbStore }> {
  const name = `ctxkit-react-tabs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const tab = async (idPrefix: string) => {
    const store = await openIdbStore({ name });
    opened.push(store);
    return { store, engine: await kitEngine({ store, idPrefix }) };
  };
  const here = await tab('here');
  const there = await tab('there');
  return { here: here.engine, there: there.engine, storeThere: there.store };
}

/** The details of the session's latest reply, whichever tab wrote it. */
function LatestReply({ sessionId }: { sessionId: string }) {
  const messages = useMessages(sessionId);
  const reply = messages.data?.filter((message) => message.role === 'assistant').at(-1);
  return reply ? (
    <ContextDetails variant="expanded" sessionId={sessionId} messageId={reply.id} />
  ) : (
    <p>No reply yet</p>
  );
}

describe('several tabs on one IndexedDB database', () => {
  test("another tab's pin, mode and turn show up here without a reload, and actions here act on them", async () => {
    const { here, there, storeThere: stored } = await twoTabs();
    const session = await here.createSession({ title: 'Shared' });
    const screen = await render(
      <Kit engine={here}>
        <BudgetMeter sessionId={session.id} debounceMs={0} />
        <PinManager sessionId={session.id} />
        <LatestReply sessionId={session.id} />
      </Kit>,
    );
    const indicator = screen.getByRole('button', { name: /^Context:/ });
    await expect.element(indicator).toHaveTextContent('Context: Light');
    await expect.element(screen.getByText('No reply yet')).toBeVisible();
    await expect.element(screen.getByRole('region', { name: 'Sticky' })).not.toBeInTheDocument();

    // The other tab pins a rule, switches the mode and has a turn.
    const theirs = await there.openSession(session.id);
    await theirs.pin({ kind: 'item', ref: { type: 'rule', name: 'Error Handling' } });
    await theirs.setMode('heavy');
    const { assistantMessage } = await theirs.commit(
      await theirs.prepare('How should errors be reported?'),
      'Typed errors that name what failed.',
    );

    await expect
      .element(screen.getByRole('region', { name: 'Sticky' }).getByText('Error Handling').first())
      .toBeVisible();
    await expect.element(indicator).toHaveTextContent('Context: Heavy');
    const details = () => screen.container.querySelector('.ctxkit-details') as HTMLElement | null;
    await expect.poll(() => details()?.dataset.state).toBe('ready');
    // The reply's details list the rule the other tab pinned, with its Pinned pill.
    const pinned = [...(details()?.querySelectorAll('li') ?? [])].find((item) =>
      item.textContent?.includes('Error Handling'),
    );
    expect(pinned?.textContent).toMatch(/Pinned/);

    // Acting here on what the other tab wrote: unpin its pin, and cycle on from its mode.
    await screen.getByRole('button', { name: 'Unpin Error Handling' }).click();
    await expect.element(screen.getByRole('region', { name: 'Sticky' })).not.toBeInTheDocument();
    await indicator.click();
    // After Heavy comes Auto, showing what the (empty) draft would get.
    await expect.element(indicator).toHaveTextContent('Context: Auto (Light)');

    // The other tab's store holds both tabs' changes, nothing overwritten.
    const loaded = await stored.loadSession(session.id);
    expect(loaded?.record.pins).toEqual([]);
    expect(loaded?.record.mode).toBe('auto');
    expect(loaded?.record.turnCount).toBe(1);
    expect(loaded?.messages.map((message) => message.id)).toContain(assistantMessage.id);
  });
});
