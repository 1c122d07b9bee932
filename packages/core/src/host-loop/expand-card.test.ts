import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import type { PreparedTurn } from '../engine/index.js';
import type { UseEvent } from '../retrieval/index.js';
import type { ToolCall } from '../session/index.js';
import { USAGE } from './host-loop.fixtures.js';
import { runTurn } from './index.js';

/** A model that answers from a script of replies, recording each request it was sent. */
function scripted(replies: readonly (string | readonly ToolCall[])[]) {
  const seen: PreparedTurn[] = [];
  return {
    seen,
    callModel: async (turn: PreparedTurn) => {
      const next = replies[Math.min(seen.length, replies.length - 1)] as string | readonly ToolCall[];
      seen.push(turn);
      return typeof next === 'string'
        ? { reply: { content: next }, usage: USAGE }
        : { reply: { content: '', toolCalls: next }, usage: USAGE };
    },
  };
}

const expand = (id: string, name: string): ToolCall => ({ id, name: 'expand_card', arguments: { name } });

describe('expand_card through the host loop', () => {
  test('a tool card: the engine answers expand_card, the next request defines the tool in full, the host runs the call', async () => {
    const engine = await testEngine({ modeLimits: { light: { minScore: 0 } } });
    const session = await engine.createSession();
    const model = scripted([
      [expand('e1', 'read_file')],
      [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }],
      'It says hi.',
    ]);
    const ran: (readonly ToolCall[])[] = [];
    const outcome = await runTurn({
      engine,
      sessionId: session.id,
      text: 'read the file a.txt from disk',
      callModel: model.callModel,
      runTools: async (calls) => {
        ran.push(calls);
        return calls.map((call) => ({ toolCallId: call.id, content: 'hi' }));
      },
    });
    expect(outcome.status).toBe('committed');
    // The first request has the tool as a card and expand_card; no definition of the tool itself.
    const [first, second] = model.seen as [PreparedTurn, PreparedTurn];
    const offered = first.request.tools?.map((tool) => tool.function.name);
    expect(offered).toContain('expand_card');
    expect(offered).not.toContain('filesystem__read_file');
    const card = first.plan.included.find(({ candidate }) => candidate.id === 'tool:filesystem:read_file');
    expect(card?.reason).toMatchObject({ code: 'agent', form: 'card' });
    expect(JSON.stringify(first.request.messages)).toContain('tool read_file: Read a file from disk');
    // The host never saw expand_card: only the real call.
    expect(ran).toEqual([[{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }]]);
    // The engine's answer is in the turn, and the next request defines the tool in full.
    expect(second.steps.find((step) => step.role === 'tool')).toMatchObject({
      toolCallId: 'e1',
      content: expect.stringContaining('filesystem__read_file is now defined'),
    });
    const full = second.request.tools?.find((tool) => tool.function.name === 'filesystem__read_file');
    expect(full?.function.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    const expanded = second.plan.included.find(
      ({ candidate }) => candidate.id === 'tool:filesystem:read_file',
    );
    expect(expanded?.reason).toMatchObject({ code: 'agent', form: 'expanded' });
    expect(expanded?.candidate.kind === 'item' && expanded.candidate.card).toBeFalsy();
  });

  test('a reference card comes back in full as the tool result, and asking for it teaches the selector', async () => {
    const recorded: UseEvent[] = [];
    const engine = await testEngine({
      modeLimits: { light: { minScore: 0 } },
      selector: {
        name: 'fixed',
        select: ({ query }) => ({
          id: 'set-1',
          selector: 'fixed',
          query,
          hits: [
            {
              key: 'reference:Database schema',
              score: 0.9,
              rank: 1,
              provenance: { query, lexicalRank: 1, vectorRank: null, matched: [] },
            },
          ],
        }),
        recordUse: (event) => {
          recorded.push(event);
        },
      },
    });
    const session = await engine.createSession();
    const model = scripted([[expand('e1', 'Database schema')], 'Users have an id.']);
    const outcome = await runTurn({
      engine,
      sessionId: session.id,
      text: 'what tables does the database have?',
      callModel: model.callModel,
    });
    expect(outcome.status).toBe('committed');
    const first = model.seen[0] as PreparedTurn;
    expect(JSON.stringify(first.request)).not.toContain('CREATE TABLE');
    const result = (model.seen[1] as PreparedTurn).steps.find((step) => step.role === 'tool');
    expect(result).toMatchObject({
      content: expect.stringContaining('CREATE TABLE users (id TEXT PRIMARY KEY);'),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(recorded).toContainEqual(
      expect.objectContaining({ kind: 'called', keys: ['reference:Database schema'] }),
    );
  });

  test('an unknown card name is answered as an error naming the cards, and the turn goes on', async () => {
    const engine = await testEngine({ modeLimits: { light: { minScore: 0 } } });
    const session = await engine.createSession();
    const model = scripted([[expand('e1', 'Nope')], 'Sorry.']);
    const outcome = await runTurn({
      engine,
      sessionId: session.id,
      text: 'what tables does the database schema have?',
      callModel: model.callModel,
    });
    expect(outcome.status).toBe('committed');
    const result = (model.seen[1] as PreparedTurn).steps.find((step) => step.role === 'tool');
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining("No card is named 'Nope'"),
    });
    expect(result?.role === 'tool' && result.content).toContain('Database schema');
  });

  test('heavy mode sends no cards and no expand_card', async () => {
    const engine = await testEngine({ modeLimits: { heavy: { minScore: 0 } } });
    const session = await engine.createSession();
    await session.setMode('heavy');
    const prepared = await session.prepare('read the file a.txt from disk');
    expect(prepared.request.tools?.map((tool) => tool.function.name)).toContain('filesystem__read_file');
    expect(prepared.request.tools?.map((tool) => tool.function.name)).not.toContain('expand_card');
    session.rollback(prepared);
  });
});
