import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { chunkText, composeLocalReply, localResponder } from './local.js';

async function preparedInput(text: string) {
  const engine = await testEngine();
  const session = await engine.createSession();
  const turn = await session.prepare(text);
  return {
    turn,
    input: { userText: text, requestContext: turn.requestContext, plan: turn.plan, catalog: engine.catalog },
  };
}

describe('composeLocalReply', () => {
  it('names every rule, reference and tool the request was given, with how each came in', async () => {
    const { turn, input } = await preparedInput('Which database table holds the invoices?');
    const reply = composeLocalReply(input);
    const items = turn.requestContext.items;
    expect(items.some((item) => item.includeMode === 'agent')).toBe(true);
    for (const item of items) {
      const name = item.type === 'tool' ? `${item.serverName}:${item.name}` : item.name;
      const how =
        item.includeMode === 'agent'
          ? `agent ${item.similarityScore?.toFixed(2)}`
          : (item.pin ?? item.includeMode);
      expect(reply).toContain(`${name} (${how})`);
    }
    expect(reply).toContain(`**Rules (${items.filter((item) => item.type === 'rule').length}):**`);
    expect(reply).toContain(`${turn.plan.budget.used.toLocaleString('en-US')} of`);
    expect(reply).toContain('Context mode Light');
  });

  it('quotes the best agent-chosen rule or reference, and is the same for the same input', async () => {
    const { input } = await preparedInput('How should I write tests for the upload?');
    const reply = composeLocalReply(input);
    expect(reply).toContain(
      'Most relevant, **Testing**: Every change comes with a test that would fail without it.',
    );
    expect(composeLocalReply(input)).toBe(reply);
  });

  it('says so when retrieval chose no rule or reference', async () => {
    const { input } = await preparedInput('zzz qqq');
    expect(composeLocalReply(input)).toContain('Retrieval chose no rule or reference for this message.');
  });
});

describe('chunkText', () => {
  it('cuts text into chunks of a few words that join back to the text', () => {
    for (const text of [
      '',
      'one',
      'one two three four',
      '  lead and trail  ',
      'a\n\nb  c\td',
      'x '.repeat(20),
    ]) {
      for (const words of [1, 3, 7]) {
        const chunks = chunkText(text, words);
        expect(chunks.join('')).toBe(text);
        for (const chunk of chunks.slice(0, -1))
          expect(chunk.trim().split(/\s+/).length).toBeLessThanOrEqual(words);
      }
    }
  });
});

describe('localResponder', () => {
  it('streams the reply in several chunks, in order', async () => {
    const { input } = await preparedInput('How do I log errors?');
    const chunks: string[] = [];
    for await (const event of localResponder(input, { chunkDelayMs: 0 })) {
      expect(event.type).toBe('text');
      if (event.type === 'text') chunks.push(event.text);
    }
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(composeLocalReply(input));
  });

  it('stops when aborted', async () => {
    const { input } = await preparedInput('How do I log errors?');
    const controller = new AbortController();
    const seen: string[] = [];
    const run = (async () => {
      for await (const event of localResponder(input, { chunkDelayMs: 5, signal: controller.signal })) {
        if (event.type === 'text') seen.push(event.text);
        if (seen.length === 2) controller.abort(new Error('stopped'));
      }
    })();
    await expect(run).rejects.toThrow('stopped');
    expect(seen).toHaveLength(2);
  });
});
