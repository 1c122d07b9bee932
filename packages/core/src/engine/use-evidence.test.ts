import { describe, expect, test } from 'vitest';
import type { ContextPlan } from '../planner/index.js';
import {
  createHybridSelector,
  createLexicalSelector,
  type RetrievalSet,
  type SelectionRequest,
  type UseEvent,
} from '../retrieval/index.js';
import { HashedBagEmbedder } from '../retrieval/retrieval.fixtures.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';

function agentKeys(plan: ContextPlan): string[] {
  return plan.included.flatMap(({ candidate, reason }) => (reason.code === 'agent' ? [candidate.id] : []));
}

/** The real selector, with every piece of evidence the session hands it recorded. */
function recordingSelector() {
  const inner = createLexicalSelector();
  const events: UseEvent[] = [];
  return {
    events,
    selector: {
      name: 'recording',
      select: (request: SelectionRequest): Promise<RetrievalSet> => inner.select(request),
      recordUse(event: UseEvent) {
        events.push(event);
        return inner.recordUse(event);
      },
    },
  };
}

describe('sessions hand evidence of use to a selector that learns', () => {
  test('a committed turn reports the agent items it sent, with the user message', async () => {
    const { selector, events } = recordingSelector();
    const engine = await testEngine({ selector });
    const session = await engine.createSession();
    const prepared = await session.prepare('read the file from disk please');
    const sent = prepared.requestContext.items.filter((item) => item.includeMode === 'agent');
    expect(sent.length).toBeGreaterThan(0);
    // The plan and the request context name the retrieval set, which explains every agent item's score.
    expect(prepared.plan.retrievalSetId).toBe(prepared.retrievalSet?.id);
    expect(prepared.requestContext.retrievalSetId).toBe(prepared.retrievalSet?.id);
    expect(prepared.retrievalSet?.mode).toBe('light');
    expect(events).toEqual([]);
    await session.commit(prepared, 'Done.');
    expect(await engine.store.getRetrievalSet(prepared.retrievalSet?.id ?? '')).toEqual(
      prepared.retrievalSet,
    );
    // A reply that neither calls nor names what it was sent: all of it went unused. Inclusion alone teaches nothing.
    expect(events).toEqual([
      {
        kind: 'unused',
        query: 'read the file from disk please',
        keys: prepared.plan.included.flatMap(({ candidate, reason }) =>
          reason.code === 'agent' ? [candidate.id] : [],
        ),
      },
    ]);
  });

  test('a turn teaches what the model called and what the reply named; a failed call is not a use', async () => {
    const query = 'read the file from disk, following file operations';
    const run = async (isError: boolean, reply: string) => {
      const { selector, events } = recordingSelector();
      const session = await (await testEngine({ selector })).createSession();
      let turn = await session.prepare(query);
      expect(agentKeys(turn.plan).sort()).toEqual(['rule:File operations', 'tool:filesystem:read_file']);
      turn = await session.continue(
        turn,
        {
          content: '',
          toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }],
        },
        [{ toolCallId: 'c1', content: isError ? 'permission denied' : 'hello', ...(isError && { isError }) }],
      );
      await session.commit(turn, reply);
      return events;
    };
    expect(await run(false, 'The file says hello.')).toEqual([
      { kind: 'called', query, keys: ['tool:filesystem:read_file'] },
      { kind: 'unused', query, keys: ['rule:File operations'] },
    ]);
    expect(await run(true, 'It failed; the File operations rule says to retry.')).toEqual([
      { kind: 'referenced', query, keys: ['rule:File operations'] },
      { kind: 'unused', query, keys: ['tool:filesystem:read_file'] },
    ]);
  });

  test('a rolled-back turn reports nothing; pinning or removing an agent item reports it with the last message', async () => {
    const { selector, events } = recordingSelector();
    const session = await (await testEngine({ selector })).createSession();
    session.rollback(await session.prepare('database tables'));
    expect(events).toEqual([]);
    await session.commit(await session.prepare('show me the users table'), 'Here.');
    events.length = 0;
    await session.pin({ kind: 'item', ref: { type: 'reference', name: 'Database schema' } });
    await session.addItem({ type: 'rule', name: 'File operations' });
    await session.removeItem({ type: 'rule', name: 'File operations' });
    // Items that are not `agent` items are not ranked per request, so nothing is learned about them.
    await session.pin({ kind: 'item', ref: { type: 'rule', name: 'Error handling' } });
    await session.removeItem({ type: 'rule', name: 'Authentication' });
    expect(events).toEqual([
      { kind: 'pinned', query: 'show me the users table', keys: ['reference:Database schema'] },
      { kind: 'removed', query: 'show me the users table', keys: ['rule:File operations'] },
    ]);
  });

  test('a selector whose learning fails cannot fail the turn; the error is reported', async () => {
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const inner = createLexicalSelector();
      const selector = {
        name: 'failing',
        select: (request: SelectionRequest) => inner.select(request),
        recordUse: () => Promise.reject(new Error('quota exceeded')),
      };
      const session = await (await testEngine({ selector })).createSession();
      const result = await session.commit(await session.prepare('read the file from disk'), 'Done.');
      expect(result.messages).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reported).toEqual([new Error('quota exceeded')]);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });

  test("with the hybrid selector, a committed turn is learned into the engine's store and lifts the item later", async () => {
    const store = new MemoryStore();
    const selector = createHybridSelector({ embedder: new HashedBagEmbedder(64), store });
    const engine = await testEngine({ store, selector });
    const session = await engine.createSession();
    const prepared = await session.prepare('read the file from disk');
    expect(prepared.retrievalSet?.paths?.vector).toEqual({ status: 'ran' });
    const sent = agentKeys(prepared.plan);
    expect(sent).toContain('tool:filesystem:read_file');
    const called = await session.continue(
      prepared,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
      [{ toolCallId: 'c1', content: 'hello' }],
    );
    await session.commit(called, 'Done.');
    await selector.flush();
    expect(await store.getDocument('ctxkit.retrieval.learned')).toBeDefined();
    const next = await session.prepare('read the file from disk again');
    const hit = next.retrievalSet?.hits.find((entry) => entry.key === 'tool:filesystem:read_file');
    expect(hit?.provenance.learned?.boost).toBeGreaterThan(0);
    // The hit says which evidence moved it, and by how much.
    expect(hit?.provenance.learned?.uses).toEqual([{ kind: 'called', weight: 1 }]);
  });
});

describe('references that discriminate nothing', () => {
  test('a reply naming everything it was sent gives its references no weight, and nothing is learned', async () => {
    const { selector, events } = recordingSelector();
    const store = new MemoryStore();
    const learner = createLexicalSelector({ store });
    const engine = await testEngine({
      store,
      selector: {
        ...selector,
        recordUse: (event: UseEvent) => {
          selector.recordUse(event);
          return learner.recordUse(event);
        },
      },
    });
    const session = await engine.createSession();
    const query = 'read the file from disk, following file operations';
    const turn = await session.prepare(query);
    const sent = agentKeys(turn.plan).sort();
    expect(sent).toEqual(['rule:File operations', 'tool:filesystem:read_file']);
    await session.commit(turn, 'I was given File operations and filesystem__read_file.');
    expect(events).toEqual([{ kind: 'referenced', query, keys: sent, weight: 0 }]);
    await learner.flush();
    expect((await learner.exportLearning()) as { pairs: unknown[] }).toMatchObject({ pairs: [] });
  });

  test('a reply that calls one item and names the rest gives those references no weight; the call counts', async () => {
    const { selector, events } = recordingSelector();
    const session = await (await testEngine({ selector })).createSession();
    const query = 'read the file from disk, following file operations';
    let turn = await session.prepare(query);
    turn = await session.continue(
      turn,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
      [{ toolCallId: 'c1', content: 'hello' }],
    );
    await session.commit(turn, 'Done, as File operations says.');
    expect(events).toEqual([
      { kind: 'called', query, keys: ['tool:filesystem:read_file'] },
      { kind: 'referenced', query, keys: ['rule:File operations'], weight: 0 },
    ]);
  });
});
