import { afterEach, describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import type { AgentSelector } from '../retrieval/index.js';
import { createLexicalSelector } from '../retrieval/index.js';
import { freshName, openTestStore } from '../store/idb/idb.fixtures.js';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

const withVectors = (): AgentSelector => {
  const lexical = createLexicalSelector();
  return {
    name: 'v',
    select: (request) => lexical.select(request),
    embedQuery: async () => Float32Array.of(1, 0),
  };
};

describe('suggestions and query clusters in IndexedDB', () => {
  test('a reload from IndexedDB restores the suggestions and the current cluster the turn wrote', async () => {
    const name = freshName();
    const store = await openTestStore(name);
    opened.push(store);
    const engine = await testEngine({ store, selector: withVectors() });
    const session = await engine.createSession();
    const prepared = await session.prepare('what tables are there?');
    await session.commit(
      prepared,
      'Users.\n<ctxkit:suggest-pin ref="reference:Database schema" reason="tables"/>',
    );
    store.close();

    const reopened = await openTestStore(name);
    opened.push(reopened);
    const loaded = await (await testEngine({ store: reopened, selector: withVectors() })).openSession(
      session.id,
    );
    expect(loaded.suggestions).toEqual(session.suggestions);
    expect(loaded.suggestions.map((entry) => entry.reason)).toEqual(['tables']);
    expect(loaded.record.queryCluster).toEqual({ id: prepared.plan.queryCluster, centroid: [1, 0], size: 1 });
    expect(loaded.messages.at(-1)).toMatchObject({ role: 'assistant', modelReply: { content: 'Users.' } });
  });

  test('a branch keeps the suggestions of what it sees, not those of messages after its fork', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.commit(await session.prepare('read a file'), 'ok');
    const second = await session.commit(await session.prepare('and another'), 'done');
    await session.suggestPin({ kind: 'message', messageId: first.assistantMessage.id });
    await session.suggestPin({ kind: 'message', messageId: second.assistantMessage.id });
    await session.suggestPin({ kind: 'card', title: 'Notes', text: 'Keep it short.' });
    const branch = await session.fork(first.assistantMessage.id);
    expect(branch.suggestions.map((entry) => entry.target)).toEqual([
      { kind: 'message', messageId: first.assistantMessage.id },
      { kind: 'card', title: 'Notes', text: 'Keep it short.' },
    ]);
  });
});
