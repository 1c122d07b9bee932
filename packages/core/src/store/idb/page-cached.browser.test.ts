import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../../catalog/index.js';
import { demoCatalog } from '../../engine/engine.fixtures.js';
import { newSessionRecord, type SessionRecord } from '../../session/index.js';
import { freshName, storesClosedAfterEach } from './idb.fixtures.js';

// A page put in the back-forward cache is frozen with its transactions open in WebKit, and the app's next page (a
// link followed right after a write began) waited on them: the store aborts what it has running as the page leaves.

const open = storesClosedAfterEach();

function record(id: string, title = 'Chat'): SessionRecord {
  return newSessionRecord(id, title, defineCatalog(demoCatalog), '2026-01-01T00:00:00.000Z');
}

const hide = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted }));

describe('a page put in the back-forward cache', () => {
  test('aborts the writes it has running, written not at all, and the next page writes at once', async () => {
    const name = freshName();
    const leaving = await open(name);
    await leaving.createSession(record('s1'));

    const cut = leaving.saveSession(record('s1', 'Renamed as the page left'));
    hide(true);
    await expect(cut).rejects.toThrow();

    const next = await open(name);
    await next.saveSession(record('s1', 'From the next page'));
    expect((await next.loadSession('s1'))?.record.title).toBe('From the next page');
    // The page that left still works if it comes back.
    expect((await leaving.loadSession('s1'))?.record.title).toBe('From the next page');
  });

  test('a page hidden without being cached (a reload, a closed tab) lets its writes finish', async () => {
    const store = await open(freshName());
    await store.createSession(record('s1'));
    const kept = store.saveSession(record('s1', 'Kept'));
    hide(false);
    await kept;
    expect((await store.loadSession('s1'))?.record.title).toBe('Kept');
  });
});
