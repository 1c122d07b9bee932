import { answerCardCalls } from '@ctxkit/core';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import {
  answerFromTool,
  arithmeticIn,
  asksTime,
  CALCULATOR,
  CURRENT_TIME,
  chunkText,
  composeLocalReply,
  docsQuery,
  localResponder,
  namedCard,
  plannedToolCall,
  SEARCH_DOCS,
} from './local.js';
import type { ResponderEvent } from './types.js';

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

describe('what a message asks a tool for', () => {
  it('finds the arithmetic of a question, and no arithmetic where there is none', () => {
    expect(arithmeticIn('what is 12*7+1')).toBe('12*7+1');
    expect(arithmeticIn('What is 17 * 23?')).toBe('17 * 23');
    expect(arithmeticIn('calculate (2 + 3) / 4 please')).toBe('(2 + 3) / 4');
    expect(arithmeticIn('6 × 7 =')).toBe('6 × 7');
    expect(arithmeticIn('The deploy on 2026-11-26 failed')).toBeNull();
    expect(arithmeticIn('What is 42?')).toBeNull();
    expect(arithmeticIn('Which table holds the invoices?')).toBeNull();
  });

  it('knows a question about the time, and a search of the help with its words', () => {
    expect(asksTime('What time is it?')).toBe(true);
    expect(asksTime('what’s the date today')).toBe(true);
    expect(asksTime('How long does a deploy take?')).toBe(false);
    expect(docsQuery('Search the docs for pins')).toBe('pins');
    expect(docsQuery('look up the demo’s help about exporting sessions?')).toBe('exporting sessions');
    expect(docsQuery('search the docs')).toBeNull();
    expect(docsQuery('How do I write docs?')).toBeNull();
  });

  it('calls a tool only when the request offers it', () => {
    const id = () => 'call_x';
    const all = new Set([CALCULATOR, CURRENT_TIME, SEARCH_DOCS]);
    expect(plannedToolCall('what is 2+2', all, id)).toEqual({
      id: 'call_x',
      name: CALCULATOR,
      arguments: { expression: '2+2' },
    });
    expect(plannedToolCall('what time is it?', all, id)).toEqual({
      id: 'call_x',
      name: CURRENT_TIME,
      arguments: {},
    });
    expect(plannedToolCall('search the help for branches', all, id)).toEqual({
      id: 'call_x',
      name: SEARCH_DOCS,
      arguments: { query: 'branches' },
    });
    expect(plannedToolCall('what is 2+2', new Set([CURRENT_TIME]), id)).toBeNull();
    expect(plannedToolCall('Which table holds the invoices?', all, id)).toBeNull();
  });
});

describe('answerFromTool', () => {
  const call = (name: string, args = {}) => ({ id: 'c', name, arguments: args });
  it('answers from a result in the tool’s shape', () => {
    expect(answerFromTool({ call: call(CALCULATOR, { expression: '17 * 23' }), result: '391' })).toBe(
      '17 * 23 = **391** (worked out by demo:calculator).',
    );
    expect(
      answerFromTool({
        call: call(CURRENT_TIME),
        result: JSON.stringify({
          local: 'Thursday, 26 November 2026 at 17:05',
          timeZone: 'Europe/Berlin',
          offset: 'GMT+1',
        }),
      }),
    ).toBe('It is **Thursday, 26 November 2026 at 17:05** (Europe/Berlin, GMT+1), says demo:current_time.');
    expect(
      answerFromTool({
        call: call(SEARCH_DOCS),
        result: JSON.stringify({ query: 'pins', results: [{ title: 'Pins', text: 'Pin a message.' }] }),
      }),
    ).toBe('From the demo’s help (demo:search_docs, “pins”):\n\n- **Pins**: Pin a message.');
  });

  it('says it could not when the result is a refusal or an error', () => {
    expect(answerFromTool({ call: call(CURRENT_TIME), result: 'The user did not allow this call.' })).toBe(
      'I could not tell the time: The user did not allow this call.',
    );
    expect(answerFromTool({ call: call(CALCULATOR, { expression: 'x' }), result: 'Not calculated: …' })).toBe(
      'I could not calculate “x”: Not calculated: …',
    );
    expect(answerFromTool({ call: call(SEARCH_DOCS), result: 'The user did not allow this call.' })).toBe(
      'I could not search the demo’s help: The user did not allow this call.',
    );
  });
});

describe('localResponder with tools', () => {
  async function collect(events: AsyncIterable<ResponderEvent>) {
    const out: ResponderEvent[] = [];
    for await (const event of events) out.push(event);
    return out;
  }

  it('calls the calculator first, then answers from the result in the turn’s next request', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const text = 'What is 17 * 23?';
    let turn = await session.prepare(text);
    const input = {
      userText: text,
      requestContext: turn.requestContext,
      plan: turn.plan,
      catalog: engine.catalog,
    };
    const first = await collect(
      localResponder({ ...input, request: turn.request }, { chunkDelayMs: 0, newCallId: () => 'call_1' }),
    );
    expect(first).toEqual([
      {
        type: 'tool-calls',
        calls: [{ id: 'call_1', name: 'demo__calculator', arguments: { expression: '17 * 23' } }],
      },
    ]);
    const calls = first[0]?.type === 'tool-calls' ? first[0].calls : [];
    turn = await session.continue(turn, { content: '', toolCalls: calls }, [
      { toolCallId: 'call_1', content: '391' },
    ]);
    const second = await collect(
      localResponder({ ...input, request: turn.request }, { chunkDelayMs: 0, newCallId: () => 'call_2' }),
    );
    expect(second.every((event) => event.type === 'text')).toBe(true);
    const reply = second.map((event) => (event.type === 'text' ? event.text : '')).join('');
    expect(reply.startsWith('17 * 23 = **391** (worked out by demo:calculator).\n\n*Local responder')).toBe(
      true,
    );
    await session.commit(turn, { content: reply });
  });

  it('answers without a tool when the request does not offer it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turn = await session.prepare('What is 17 * 23?');
    const request = {
      ...turn.request,
      tools: (turn.request.tools ?? []).filter((tool) => tool.function.name !== 'demo__calculator'),
    };
    const events = await collect(
      localResponder(
        {
          userText: 'What is 17 * 23?',
          requestContext: turn.requestContext,
          plan: turn.plan,
          catalog: engine.catalog,
          request,
        },
        { chunkDelayMs: 0 },
      ),
    );
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.type === 'text')).toBe(true);
  });
});

describe('localResponder with cards', () => {
  async function collect(events: AsyncIterable<ResponderEvent>) {
    const out: ResponderEvent[] = [];
    for await (const event of events) out.push(event);
    return out;
  }

  it('asks for a card the message names in full, then answers from what the engine returned', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const text = 'Which tables does the database schema list for invoices?';
    let turn = await session.prepare(text);
    expect(namedCard(text, turn.plan)).toBe('Database schema');
    const input = {
      userText: text,
      requestContext: turn.requestContext,
      plan: turn.plan,
      catalog: engine.catalog,
    };
    const first = await collect(
      localResponder({ ...input, request: turn.request }, { chunkDelayMs: 0, newCallId: () => 'call_1' }),
    );
    expect(first).toEqual([
      {
        type: 'tool-calls',
        calls: [{ id: 'call_1', name: 'expand_card', arguments: { name: 'Database schema' } }],
      },
    ]);
    const reply = { content: '', toolCalls: first[0]?.type === 'tool-calls' ? first[0].calls : [] };
    const [answer] = answerCardCalls(turn.plan, reply.toolCalls).answered;
    turn = await session.continue(turn, reply, answer ? [answer] : []);
    const second = await collect(localResponder({ ...input, request: turn.request }, { chunkDelayMs: 0 }));
    const text2 = second.map((event) => (event.type === 'text' ? event.text : '')).join('');
    expect(text2.startsWith('I asked for **Database schema** in full (expand_card): ')).toBe(true);
    session.rollback(turn);
  });
});
