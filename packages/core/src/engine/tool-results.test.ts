import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { freshName, openTestStore } from '../store/idb/idb.fixtures.js';
import { MemoryStore, type Store } from '../store/index.js';
import { messageProblem } from '../store/record-shape.js';
import { testEngine } from './engine.fixtures.js';

const readCall = { id: 'call_read', name: 'filesystem__read_file', arguments: { path: 'package.json' } };
const callsTwo = {
  content: '',
  toolCalls: [readCall, { id: 'call_list', name: 'filesystem__list_dir', arguments: { path: '.' } }],
};

describe('tool approval', () => {
  const stores: [string, () => Promise<Store>][] = [
    ['MemoryStore', async () => new MemoryStore()],
    ['IndexedDB', () => openTestStore(freshName())],
  ];
  test.each(stores)(
    "the user's decisions are stored on the results, kept after a reload, never sent (%s)",
    async (_, open) => {
      const store = await open();
      const engine = await testEngine({ store });
      const session = await engine.createSession();
      let turn = await session.prepare('Read package.json and list the folder');
      turn = await session.continue(turn, callsTwo, [
        { toolCallId: 'call_read', content: '{"version":"1.2.0"}', approval: 'approved' },
        {
          toolCallId: 'call_list',
          content: 'The user did not allow this call.',
          isError: true,
          approval: 'denied',
        },
      ]);
      expect(JSON.stringify(turn.request)).not.toContain('approv');
      await session.commit(turn, { content: 'Version 1.2.0; I could not list the folder.' });

      const reloaded = await (await testEngine({ store })).openSession(session.id);
      const results = reloaded.messages.filter((message) => message.role === 'tool');
      expect(results.map((message) => [message.toolCallId, message.approval, message.isError])).toEqual([
        ['call_read', 'approved', undefined],
        ['call_list', 'denied', true],
      ]);
    },
  );

  test('a call that needed no approval records none', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('Read package.json');
    const next = await session.continue(turn, { content: '', toolCalls: [readCall] }, [
      { toolCallId: 'call_read', content: '{}' },
    ]);
    await session.commit(next, { content: 'Done.' });
    expect(session.messages.find((message) => message.role === 'tool')).not.toHaveProperty('approval');
  });

  test('a decision other than approved or denied is refused with its path, and the turn stays open unchanged', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('Read package.json and list the folder');
    const wrong = [
      { toolCallId: 'call_read', content: '{}', approval: 'yes' },
      { toolCallId: 'call_list', content: '[]', isError: 'no' },
    ] as unknown as Parameters<typeof session.continue>[2];
    const failure = await session.continue(turn, callsTwo, wrong).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'toolResults[0].approval',
      'toolResults[1].isError',
    ]);
    // Nothing was recorded: the same turn continues with valid results.
    const next = await session.continue(turn, callsTwo, [
      { toolCallId: 'call_read', content: '{}', approval: 'approved' },
      { toolCallId: 'call_list', content: '[]', approval: 'approved' },
    ]);
    await session.commit(next, { content: 'Done.' });
    expect(session.messages.filter((message) => message.role === 'tool')).toHaveLength(2);
  });

  test('a result that is not an object is named by its index', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('Read package.json');
    const failure = await session
      .continue(turn, { content: '', toolCalls: [readCall] }, [null] as unknown as [])
      .catch((error: unknown) => error);
    expect((failure as ValidationError).issues.map((issue) => issue.path)).toContain('toolResults[0]');
  });

  test('a stored result with an unknown decision is reported as a problem on load', () => {
    const stored = {
      id: 'm1',
      role: 'tool',
      createdAt: '2026-01-01',
      toolCallId: 'c',
      toolName: 't',
      content: '',
    };
    expect(messageProblem({ ...stored, approval: 'denied' })).toBeNull();
    expect(messageProblem(stored)).toBeNull();
    expect(messageProblem({ ...stored, approval: 'maybe' })).toMatch(/approval "maybe"/);
  });
});
