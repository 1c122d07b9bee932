import { afterEach, describe, expect, test, vi } from 'vitest';
import { NotFoundError, StaleSessionError } from '../errors/index.js';
import { freshName, type IdbStore, openTestStore } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';
import type { Engine } from './engine.js';
import type { Session } from './session.js';

// Two stores on one database name are two tabs: BroadcastChannel carries each one's changes to the other, in
// Chromium and in Node (fake-indexeddb for the database).
const opened: IdbStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function twoTabs(): Promise<{ here: Engine; there: Engine }> {
  const name = freshName();
  const tab = async (prefix: string) => {
    const store = await openTestStore(name);
    opened.push(store);
    let id = 0;
    return testEngine({ store, newId: () => `${prefix}-${++id}` });
  };
  return { here: await tab('here'), there: await tab('there') };
}

const rule = { type: 'rule', name: 'Error handling' } as const;

async function staleSoon(session: Session): Promise<void> {
  await vi.waitFor(() => expect(session.isStale).toBe(true));
}

describe('Several tabs on one IndexedDB database', () => {
  test("another tab's pin and turn make this tab's copy stale; openSession then loads them", async () => {
    const { here, there } = await twoTabs();
    const mine = await here.createSession();
    // The other tab hears of the creation after it has loaded the session: that must not make its copy stale, or
    // the pin below would be refused.
    const theirs = await there.openSession(mine.id);
    const pin = await theirs.pin({ kind: 'item', ref: rule });
    const { messages } = await theirs.commit(await theirs.prepare('Hello from there'), 'Hi there');
    await staleSoon(mine);

    const fresh = await here.openSession(mine.id);
    expect(fresh).not.toBe(mine);
    expect(fresh.isStale).toBe(false);
    expect(fresh.pins.map((p) => p.id)).toEqual([pin.id]);
    expect(fresh.messages).toEqual(messages);
    expect(fresh.record.turnCount).toBe(1);
    expect(await here.openSession(mine.id)).toBe(fresh);
  });

  test('a stale copy refuses to write or prepare, and what the other tab wrote stays', async () => {
    const { here, there } = await twoTabs();
    const mine = await here.createSession();
    const theirs = await there.openSession(mine.id);
    await theirs.setMode('heavy');
    await staleSoon(mine);

    const refused = mine.setMode('off');
    await expect(refused).rejects.toBeInstanceOf(StaleSessionError);
    await expect(refused).rejects.toMatchObject({ code: 'stale_session', sessionId: mine.id });
    await expect(mine.pin({ kind: 'item', ref: rule })).rejects.toBeInstanceOf(StaleSessionError);
    await expect(mine.addNote('system', 'note')).rejects.toBeInstanceOf(StaleSessionError);
    await expect(mine.prepare('Hello')).rejects.toBeInstanceOf(StaleSessionError);
    expect(mine.isTurnOpen).toBe(false);

    const stored = await there.store.loadSession(mine.id);
    expect(stored?.record.mode).toBe('heavy');
    expect(stored?.record.pins).toEqual([]);
    expect(stored?.messages).toEqual([]);
    // Through a fresh copy the same change goes through, on top of the other tab's.
    const fresh = await here.openSession(mine.id);
    await fresh.pin({ kind: 'item', ref: rule });
    const after = await there.store.loadSession(mine.id);
    expect(after?.record.mode).toBe('heavy');
    expect(after?.record.pins).toHaveLength(1);
  });

  test('a copy with a turn open is kept until the turn ends; its commit is refused, then a fresh one commits', async () => {
    const { here, there } = await twoTabs();
    const mine = await here.createSession();
    const prepared = await mine.prepare('Question asked before the other tab changed the session');
    await (await there.openSession(mine.id)).setMode('heavy');
    await staleSoon(mine);

    expect(await here.openSession(mine.id)).toBe(mine);
    await expect(mine.commit(prepared, 'Answer')).rejects.toBeInstanceOf(StaleSessionError);
    expect((await there.store.loadSession(mine.id))?.messages).toEqual([]);
    expect(mine.rollback(prepared)).toBe(true);

    const fresh = await here.openSession(mine.id);
    expect(fresh).not.toBe(mine);
    expect(fresh.mode).toBe('heavy');
    await fresh.commit(await fresh.prepare('Asked again'), 'Answer');
    const stored = await there.store.loadSession(mine.id);
    expect(stored?.record.mode).toBe('heavy');
    expect(stored?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test("this tab's own changes leave its copy current", async () => {
    const { here, there } = await twoTabs();
    const mine = await here.createSession();
    let heardThere = 0;
    there.subscribe((event) => {
      if (event.origin === 'remote') heardThere += 1;
    });
    await mine.pin({ kind: 'item', ref: rule });
    await mine.commit(await mine.prepare('Hello'), 'Hi');
    // The other tab heard both changes, so ours have crossed the channel by now.
    await vi.waitFor(() => expect(heardThere).toBeGreaterThanOrEqual(2));
    expect(mine.isStale).toBe(false);
    expect(await here.openSession(mine.id)).toBe(mine);
  });

  test('a session deleted in another tab is not found on the next open', async () => {
    const { here, there } = await twoTabs();
    const mine = await here.createSession();
    await there.deleteSession(mine.id);
    await staleSoon(mine);
    await expect(here.openSession(mine.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(mine.setMode('heavy')).rejects.toBeInstanceOf(StaleSessionError);
  });
});
