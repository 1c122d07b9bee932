import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';

const SCHEMA = 'reference:Database schema';

describe('suggested pins', () => {
  test("a reply's suggestions are stored with the turn, stripped from the reply, never pinned", async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('what tables are there?');
    const reply = [
      'Users and sessions.',
      `<ctxkit:suggest-pin ref="${SCHEMA}" reason="You keep asking about tables"/>`,
      '<ctxkit:suggest-pin ref="reference:Nonexistent"/>',
      '<ctxkit:suggest-pin ref="rule:Authentication"/>',
      `<ctxkit:suggest-pin ref="${SCHEMA}"/>`,
      '<ctxkit:suggest-pin ref=broken/>',
    ].join('\n');
    const result = await session.commit(prepared, reply);
    expect(result.assistantMessage.modelReply.content).toBe('Users and sessions.');
    expect(result.suggestions?.added.map((entry) => [entry.target, entry.reason, entry.source])).toEqual([
      [
        { kind: 'item', ref: { type: 'reference', name: 'Database schema' } },
        'You keep asking about tables',
        'model',
      ],
    ]);
    expect(result.suggestions?.added[0]?.messageId).toBe(result.assistantMessage.id);
    expect(result.suggestions?.ignored).toEqual([
      { line: 6, ref: null, reason: 'malformed' },
      { line: 3, ref: 'reference:Nonexistent', reason: 'unknown-ref' },
      // An always item is in the session context already.
      { line: 4, ref: 'rule:Authentication', reason: 'already-in-context' },
      { line: 5, ref: SCHEMA, reason: 'duplicate' },
    ]);
    expect(session.pins).toEqual([]);
    // Persisted with the turn: a reload has them.
    const reloaded = await (await testEngine({ store })).openSession(session.id);
    expect(reloaded.suggestions).toEqual(session.suggestions);
    expect(reloaded.suggestions).toHaveLength(1);
  });

  test('suggestions of the replies of a tool loop are kept until the turn commits, and dropped by a rollback', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('read the schema file');
    const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'schema.sql' } };
    const next = await session.continue(
      first,
      { content: `Reading.\n<ctxkit:suggest-pin ref="${SCHEMA}"/>`, toolCalls: [call] },
      [{ toolCallId: 'call-1', content: 'CREATE TABLE users' }],
    );
    expect(session.suggestions).toEqual([]);
    session.rollback(next);
    expect(session.suggestions).toEqual([]);

    const again = await session.prepare('read the schema file');
    const step = await session.continue(
      again,
      { content: `Reading.\n<ctxkit:suggest-pin ref="${SCHEMA}"/>`, toolCalls: [call] },
      [{ toolCallId: 'call-1', content: 'CREATE TABLE users' }],
    );
    const result = await session.commit(step, 'Done.');
    const toolStep = result.messages[1];
    expect(toolStep?.role === 'assistant' && toolStep.modelReply.content).toBe('Reading.');
    expect(session.suggestions.map((entry) => entry.messageId)).toEqual([toolStep?.id]);
  });

  test('the host suggests; accepting makes a normal pin in the same write, dismissing removes it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const suggested = await session.suggestPin(
      { kind: 'item', ref: { type: 'reference', name: 'Database schema' } },
      'Used in 3 turns',
    );
    expect(suggested).toMatchObject({ source: 'host', reason: 'Used in 3 turns' });
    const card = await session.suggestPin({
      kind: 'card',
      title: 'Deploy notes',
      text: 'Run migrations first.',
    });
    expect(session.suggestions.map((entry) => entry.id)).toEqual([suggested.id, card.id]);

    const pin = await session.acceptSuggestion(suggested.id, {
      kind: 'leased',
      lease: { kind: 'turns', turns: 2 },
    });
    expect(pin.kind).toBe('leased');
    expect(session.pins.map((entry) => entry.id)).toEqual([pin.id]);
    expect(session.suggestions.map((entry) => entry.id)).toEqual([card.id]);

    await session.dismissSuggestion(card.id);
    await session.dismissSuggestion(card.id);
    expect(session.suggestions).toEqual([]);
    expect(session.pins).toHaveLength(1);
    await expect(session.acceptSuggestion(card.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a host suggestion is checked like a pin, and its secrets are redacted', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(
      session.suggestPin({ kind: 'item', ref: { type: 'rule', name: 'Nope' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(session.suggestPin({ kind: 'card', title: ' ', text: 'x' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(session.suggestPin({ kind: 'message', messageId: 'nope' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const key = `sk-proj-${'a1B2c3D4e5F6g7H8'.repeat(3)}`;
    const suggestion = await session.suggestPin(
      { kind: 'card', title: 'Key', text: `the key is ${key}` },
      `because ${key} is used`,
    );
    expect(JSON.stringify(session.suggestions)).not.toContain(key);
    expect(suggestion.reason).toContain('[REDACTED');
  });

  test('pinning a suggested target by hand answers the suggestion', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const ref = { type: 'reference' as const, name: 'Database schema' };
    await session.suggestPin({ kind: 'item', ref });
    await session.pin({ kind: 'item', ref });
    expect(session.suggestions).toEqual([]);
  });
});
