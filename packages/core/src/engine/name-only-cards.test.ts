import { describe, expect, test } from 'vitest';
import { runTurn } from '../host-loop/index.js';
import type { ItemCandidate } from '../planner/index.js';
import type { RetrievalSet, SelectionRequest, UseEvent } from '../retrieval/index.js';
import type { ToolCall } from '../session/index.js';
import { testEngine } from './engine.fixtures.js';
import type { PreparedTurn } from './index.js';

const USAGE = { inputTokens: 10, outputTokens: 5 };

/** A selector that offers the three agent items of the test catalog, best first, and records what it is taught. */
function rankedSelector() {
  const events: UseEvent[] = [];
  const keys = ['tool:filesystem:read_file', 'reference:Database schema', 'rule:File operations'];
  return {
    events,
    selector: {
      name: 'fixed',
      select: ({ query }: SelectionRequest): RetrievalSet => ({
        id: 'set-1',
        selector: 'fixed',
        query,
        hits: keys.map((key, i) => ({
          key,
          score: 0.9 - i * 0.1,
          rank: i + 1,
          provenance: { query, lexicalRank: i + 1, vectorRank: null, matched: [] },
        })),
      }),
      recordUse(event: UseEvent) {
        events.push(event);
      },
    },
  };
}

const cardOf = (turn: PreparedTurn, id: string) =>
  turn.plan.included.find(({ candidate }) => candidate.id === id)?.candidate as ItemCandidate | undefined;

describe("light mode's name-only cards", () => {
  test('cards past describedCards show the name only, cost less, and are still cards in the request', async () => {
    const { selector } = rankedSelector();
    const engine = await testEngine({
      selector,
      modeLimits: { light: { minScore: 0, shape: 'cards', describedCards: 1 } },
    });
    const session = await engine.createSession();
    const turn = await session.prepare('read the file a.txt from disk');
    const described = cardOf(turn, 'tool:filesystem:read_file');
    const schema = cardOf(turn, 'reference:Database schema');
    const rule = cardOf(turn, 'rule:File operations');
    expect(described?.card).toEqual({ purpose: 'Read a file from disk' });
    expect(schema?.card).toEqual({ purpose: '', nameOnly: true });
    expect(rule?.card).toEqual({ purpose: '', nameOnly: true });
    expect(schema?.tokens).toBeLessThan(described?.tokens ?? 0);
    const text = JSON.stringify(turn.request.messages);
    expect(text).toContain('tool read_file: Read a file from disk');
    // A name-only card is its line's type and name, nothing after them.
    expect(text).toMatch(/\\nreference Database schema\\n/);
    expect(text).toMatch(/\\nrule File operations\\n/);
    expect(text).not.toContain('Tables of the database');
    session.rollback(turn);
  });

  test('without describedCards every card has its text', async () => {
    const { selector } = rankedSelector();
    const engine = await testEngine({ selector, modeLimits: { light: { minScore: 0, shape: 'cards' } } });
    const session = await engine.createSession();
    const turn = await session.prepare('what tables does the database have?');
    expect(cardOf(turn, 'reference:Database schema')?.card?.purpose).toMatch(/^Tables of the database/);
    expect(cardOf(turn, 'rule:File operations')?.card?.nameOnly).toBeUndefined();
    session.rollback(turn);
  });

  test('a name-only card opens with expand_card; one not asked for is no evidence against its item', async () => {
    const { selector, events } = rankedSelector();
    const engine = await testEngine({
      selector,
      modeLimits: { light: { minScore: 0, shape: 'cards', describedCards: 1 } },
    });
    const session = await engine.createSession();
    const replies: (string | readonly ToolCall[])[] = [
      [{ id: 'e1', name: 'expand_card', arguments: { name: 'Database schema' } }],
      'Users have an id.',
    ];
    const seen: PreparedTurn[] = [];
    const outcome = await runTurn({
      engine,
      sessionId: session.id,
      text: 'what tables does the database have?',
      callModel: async (turn) => {
        const next = replies[seen.length] as string | readonly ToolCall[];
        seen.push(turn);
        return typeof next === 'string'
          ? { reply: { content: next }, usage: USAGE }
          : { reply: { content: '', toolCalls: next }, usage: USAGE };
      },
    });
    expect(outcome.status).toBe('committed');
    const result = (seen[1] as PreparedTurn).steps.find((step) => step.role === 'tool');
    expect(result).toMatchObject({ content: expect.stringContaining('CREATE TABLE users') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The described card not asked for went unused; the name-only rule is left out of the evidence.
    expect(events).toEqual([
      { kind: 'called', query: 'what tables does the database have?', keys: ['reference:Database schema'] },
      { kind: 'unused', query: 'what tables does the database have?', keys: ['tool:filesystem:read_file'] },
    ]);
  });
});
