import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { CatalogError, ValidationError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import { loadTiktokenCounter } from '../tokens/index.js';
import { testEngine } from './engine.fixtures.js';

/** The paths a call's error names; it must be one of ctxkit's typed errors. */
async function refusedPaths(call: () => unknown): Promise<string[]> {
  try {
    await call();
  } catch (error) {
    if (error instanceof ValidationError || error instanceof CatalogError)
      return error.issues.map((issue) => issue.path);
    throw error;
  }
  throw new Error('the call was accepted');
}

const cyclic: Record<string, unknown> = {};
cyclic.self = cyclic;

describe('every public entry checks its input and names the path', () => {
  test('the catalog refuses misspelt fields and names that show nothing', async () => {
    expect(
      await refusedPaths(() =>
        defineCatalog({ rules: [{ name: 'A', content: 'a', incldue: 'manual' } as never] }),
      ),
    ).toEqual(['rules[0].incldue']);
    expect(
      await refusedPaths(() =>
        defineCatalog({ rules: [{ name: 'A', content: 'a', enabeld: false } as never] }),
      ),
    ).toEqual(['rules[0].enabeld']);
    expect(await refusedPaths(() => defineCatalog({ rules: [{ name: '\u200b', content: 'a' }] }))).toEqual([
      'rules[0].name',
    ]);
  });

  test('engine options: the system prompt and the tokenizer', async () => {
    expect(await refusedPaths(() => testEngine({ systemPrompt: { global: 42 } as never }))).toEqual([
      'systemPrompt.global',
    ]);
    expect(await refusedPaths(() => testEngine({ systemPrompt: { globl: 'x' } as never }))).toEqual([
      'systemPrompt.globl',
    ]);
    expect(await refusedPaths(() => loadTiktokenCounter('p50k_base' as never))).toEqual(['encoding']);
    const engine = await testEngine();
    expect(await refusedPaths(() => engine.setSystemPrompt({ agent: 7 } as never))).toEqual(['prompt.agent']);
  });

  test('session calls refuse wrong values, and nothing stored changes', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const before = structuredClone((await store.loadSession(session.id))?.record);
    const cases: [() => unknown, string[]][] = [
      [() => session.setWorkspace(42 as never), ['text']],
      [() => session.setTitle(42 as never), ['title']],
      [() => session.setTitle(cyclic as never), ['title']],
      [() => session.setTitle('\u200b\u200b'), ['title']],
      [() => session.pin({ kind: 'bogus' } as never), ['target.kind']],
      [
        () => session.pin({ kind: 'card', title: 'T', text: 'x' }, { kind: 'forever' } as never),
        ['options.kind'],
      ],
      [
        () =>
          session.pin(
            { kind: 'card', title: 'T', text: 'x' },
            { kind: 'leased', lease: { kind: 'turns', turns: 0 } },
          ),
        ['options.lease.turns'],
      ],
      [() => session.addItem(null as never), ['ref']],
      [() => session.removeItem({ type: 'rule' } as never), ['ref.name']],
      [() => session.setTask(5 as never), ['taskId']],
      [() => session.promotePin('p', { kind: 'turns', turns: -1 }), ['lease.turns']],
    ];
    for (const [call, paths] of cases) expect(await refusedPaths(call)).toEqual(paths);
    expect((await store.loadSession(session.id))?.record).toEqual(before);
    // The session still plans: nothing bad was stored.
    await expect(session.prepare('hello')).resolves.toBeDefined();
  });

  test('engine calls refuse wrong values', async () => {
    const engine = await testEngine();
    expect(await refusedPaths(() => engine.createSession({ private: 'yes' } as never))).toEqual([
      'options.private',
    ]);
    expect(await refusedPaths(() => engine.createSession({ titel: 'x' } as never))).toEqual([
      'options.titel',
    ]);
    expect(await refusedPaths(() => engine.getPlan(null as never))).toEqual(['planId']);
    expect(await refusedPaths(() => engine.openSession(42 as never))).toEqual(['sessionId']);
    expect(await engine.listSessions()).toEqual([]);
  });

  test('tool-call arguments must be JSON: no cycle, no BigInt', async () => {
    const session = await (await testEngine()).createSession();
    const turn = await session.prepare('read the file');
    const call = (args: unknown) => () =>
      session.continue(
        turn,
        { content: '', toolCalls: [{ id: 'c', name: 'filesystem__read_file', arguments: args as never }] },
        [{ toolCallId: 'c', content: 'ok' }],
      );
    expect(await refusedPaths(call({ size: 10n }))).toEqual(['reply.toolCalls[0].arguments.size']);
    expect(await refusedPaths(call(cyclic))).toEqual(['reply.toolCalls[0].arguments.self']);
    expect(await refusedPaths(call({ when: new Date(0) }))).toEqual(['reply.toolCalls[0].arguments.when']);
  });
});

test('a catalog item is an item reference too: addItem takes it as it is', async () => {
  const engine = await testEngine();
  const session = await engine.createSession();
  const item = engine.catalog.get({ type: 'rule', name: 'Error handling' });
  if (!item) throw new Error('the fixture catalog has no Error handling rule');
  await session.addItem(item);
  expect(session.contextItems.map((entry) => entry.name)).toContain('Error handling');
});
