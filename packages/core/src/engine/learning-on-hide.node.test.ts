import { describe, expect, test } from 'vitest';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';

const open = storesClosedAfterEach();

// Node has no window and no document, as a worker has neither: the engine listens for nothing there.
describe('where there is no page', () => {
  test('the engine works and listens for nothing; flush still writes at once', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const store = await open(freshName());
    const engine = await testEngine({ store, learning: { writeDelayMs: 3_600_000 } });
    const session = await engine.createSession();
    const turn = await session.prepare('read the file from disk');
    const next = await session.continue(
      turn,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
      [{ toolCallId: 'c1', content: 'hello' }],
    );
    await session.commit(next, 'It says hello.');
    await engine.flushLearning();
    expect(await store.getDocument('ctxkit.retrieval.learned')).toBeDefined();
    await engine.close();
  });
});
