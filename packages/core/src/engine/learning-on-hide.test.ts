import { afterEach, describe, expect, test, vi } from 'vitest';
import { createLexicalSelector, type SelectionRequest, type UseEvent } from '../retrieval/index.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import type { DocumentStore } from '../store-types/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const open = storesClosedAfterEach();
const LEARNED = 'ctxkit.retrieval.learned';
const QUERY = 'read the file from disk';
const READ_FILE = 'tool:filesystem:read_file';
/** Far longer than any test: evidence stored before it was written because the page was hidden. */
const NEVER = { writeDelayMs: 3_600_000 };

// Chromium dispatches these on its real window and document; Node has neither, so plain event targets stand in for
// them (a worker, with neither, is covered below).
const inBrowser = typeof window !== 'undefined';
function page(): { view: EventTarget; doc: EventTarget } {
  if (inBrowser) return { view: window, doc: document };
  const view = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  vi.stubGlobal('window', view);
  vi.stubGlobal('document', doc);
  return { view, doc };
}

/** Dispatches `visibilitychange` with the document's visibility reading `state` meanwhile. */
function visibility(doc: EventTarget, state: 'hidden' | 'visible'): void {
  Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => state });
  try {
    doc.dispatchEvent(new Event('visibilitychange'));
  } finally {
    // The real document reads it from its prototype again; the stand-in keeps a plain value.
    if (inBrowser) delete (doc as { visibilityState?: string }).visibilityState;
    else Object.defineProperty(doc, 'visibilityState', { configurable: true, value: 'visible' });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function useReadFile(session: Session): Promise<void> {
  const turn = await session.prepare(QUERY);
  const next = await session.continue(
    turn,
    { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
    [{ toolCallId: 'c1', content: 'hello' }],
  );
  await session.commit(next, 'It says hello.');
}

async function stored(store: DocumentStore): Promise<boolean> {
  for (let tries = 0; tries < 200; tries++) {
    if ((await store.getDocument(LEARNED)) !== undefined) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

async function learnedBoost(session: Session): Promise<number | undefined> {
  const set = await session.prepare(QUERY);
  session.rollback(set);
  return set.retrievalSet?.hits.find((hit) => hit.key === READ_FILE)?.provenance.learned?.boost;
}

/** The default selector, counting the flushes the engine asks of it. */
function countingSelector(store: Awaited<ReturnType<typeof open>>) {
  const inner = createLexicalSelector({ store, learning: NEVER });
  const counts = { flushes: 0 };
  return {
    counts,
    selector: {
      name: 'counting',
      select: (request: SelectionRequest) => inner.select(request),
      recordUse: (event: UseEvent) => inner.recordUse(event),
      flush: () => {
        counts.flushes++;
        return inner.flush();
      },
      exportLearning: () => inner.exportLearning(),
    },
  };
}

describe('learning is written when the page is hidden', () => {
  test('on pagehide, right after a reply: a reload keeps what it taught', async () => {
    const { view } = page();
    const name = freshName();
    const store = await open(name);
    const engine = await testEngine({ store, learning: NEVER });
    await useReadFile(await engine.createSession());
    expect(await store.getDocument(LEARNED)).toBeUndefined();
    view.dispatchEvent(new Event('pagehide'));
    expect(await stored(store)).toBe(true);
    await engine.close();

    open.closeAll();
    const reloaded = await testEngine({ store: await open(name), newId: () => `r-${Math.random()}` });
    expect(await learnedBoost(await reloaded.createSession())).toBeGreaterThan(0);
    await reloaded.close();
  });

  test('on visibilitychange to hidden, and not when the page becomes visible', async () => {
    const { doc } = page();
    const store = await open(freshName());
    const { selector, counts } = countingSelector(store);
    const engine = await testEngine({ store, selector });
    await useReadFile(await engine.createSession());
    visibility(doc, 'visible');
    expect(counts.flushes).toBe(0);
    visibility(doc, 'hidden');
    expect(counts.flushes).toBe(1);
    expect(await stored(store)).toBe(true);
    await engine.close();
  });

  test('close writes what is pending and stops listening; closing twice is harmless', async () => {
    const { view, doc } = page();
    const store = await open(freshName());
    const { selector, counts } = countingSelector(store);
    const engine = await testEngine({ store, selector });
    await useReadFile(await engine.createSession());
    await engine.close();
    expect(counts.flushes).toBe(1);
    expect(await store.getDocument(LEARNED)).toBeDefined();
    view.dispatchEvent(new Event('pagehide'));
    visibility(doc, 'hidden');
    expect(counts.flushes).toBe(1);
    await engine.close();
    expect(counts.flushes).toBe(2);
  });
});

describe('flush', () => {
  test('writes evidence handed over while the stored evidence is still loading', async () => {
    const store = await open(freshName());
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A store slow to read: the evidence waits for the stored document before it is in memory.
    const slow = new Proxy(store, {
      get(target, key, receiver) {
        if (key === 'getDocument')
          return async (documentKey: string) => {
            await loaded;
            return target.getDocument(documentKey);
          };
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const selector = createLexicalSelector({ store: slow, learning: NEVER });
    const recording = selector.recordUse({ kind: 'called', query: QUERY, keys: [READ_FILE] });
    const flushed = selector.flush();
    release();
    await Promise.all([recording, flushed]);
    expect(await store.getDocument(LEARNED)).toBeDefined();
  });
});
