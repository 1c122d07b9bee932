import type { OpenAIChatRequest } from '@ctxkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPortUrl,
  type FakeOpenAIServer,
  PROMPT_TOKENS,
  startFakeOpenAIServer,
} from '../../e2e/fake-openai-server.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { assembleToolCalls, EndpointError, eventsOfChunk, openAIResponder } from './openai.js';
import type { ResponderEvent } from './types.js';

let server: FakeOpenAIServer;
let request: OpenAIChatRequest;

beforeAll(async () => {
  server = await startFakeOpenAIServer();
  const engine = await testEngine();
  const session = await engine.createSession();
  request = (await session.prepare('Which table holds the invoices?')).request;
});
afterAll(() => server.close());

async function collect(events: AsyncIterable<ResponderEvent>): Promise<ResponderEvent[]> {
  const out: ResponderEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}
const textOf = (events: readonly ResponderEvent[]) =>
  events.map((event) => (event.type === 'text' ? event.text : '')).join('');

describe('openAIResponder', () => {
  it('sends the plan’s request for the configured model, streamed with usage, and streams the reply back', async () => {
    const events = await collect(
      openAIResponder({ baseUrl: `${server.baseUrl}/`, model: 'llama3.2', apiKey: '' }, request),
    );
    const sent = server.requests.at(-1);
    expect(sent?.body).toEqual({
      ...request,
      model: 'llama3.2',
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(sent?.headers.authorization).toBeUndefined();
    expect(textOf(events)).toBe('Echo: Which table holds the invoices?');
    expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(3);
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', usage: { inputTokens: PROMPT_TOKENS(sent?.body ?? {}), outputTokens: 6 } },
    ]);
    expect(events).toContainEqual({ type: 'model', model: 'llama3.2' });
  });

  it('sends the key as a bearer token when there is one', async () => {
    await collect(
      openAIResponder(
        { baseUrl: server.baseUrl, model: 'gpt-4o-mini', apiKey: 'sk-test-0000000000000000' },
        request,
      ),
    );
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-test-0000000000000000');
  });

  it('reads a server that ignores `stream` and sends one JSON response', async () => {
    const events = await collect(
      openAIResponder({ baseUrl: server.baseUrl, model: 'json-model', apiKey: '' }, request),
    );
    expect(textOf(events)).toBe('Echo: Which table holds the invoices?');
    expect(events.some((event) => event.type === 'usage')).toBe(true);
  });

  it('puts a tool call streamed in pieces together, after the text, with its arguments parsed', async () => {
    const events = await collect(
      openAIResponder({ baseUrl: server.baseUrl, model: 'tool-model', apiKey: '' }, request),
    );
    const calls = events.filter((event) => event.type === 'tool-calls');
    expect(calls).toEqual([
      {
        type: 'tool-calls',
        calls: [{ id: 'call_1', name: 'demo__calculator', arguments: { expression: '17 * 23' } }],
      },
    ]);
    expect(textOf(events)).toBe('');
    expect(events.some((event) => event.type === 'usage')).toBe(true);
  });

  it('keeps a call whose arguments are not JSON, with empty arguments and the reason, next to a good one', async () => {
    const events = await collect(
      openAIResponder({ baseUrl: server.baseUrl, model: 'bad-tool-model', apiKey: '' }, request),
    );
    expect(events.filter((event) => event.type === 'tool-calls')).toEqual([
      {
        type: 'tool-calls',
        calls: [
          { id: 'call_a', name: 'database__run_query', arguments: {} },
          { id: 'call_b', name: 'demo__current_time', arguments: {} },
        ],
        badArguments: { call_a: 'The arguments are not valid JSON: {"sql": select 1' },
      },
    ]);
  });

  it('fails with the server’s own message when it refuses the request', async () => {
    const run = collect(
      openAIResponder({ baseUrl: server.baseUrl, model: 'missing-model', apiKey: '' }, request),
    );
    const error = await run.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EndpointError);
    expect(error).toMatchObject({
      failure: 'http',
      status: 404,
      detail: 'model "missing-model" not found, try pulling it first',
      url: `${server.baseUrl}/chat/completions`,
    });
  });

  it('fails as unreachable when nothing listens, naming the URL', async () => {
    const baseUrl = await closedPortUrl();
    const error = await collect(openAIResponder({ baseUrl, model: 'llama3.2', apiKey: '' }, request)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EndpointError);
    expect(error).toMatchObject({ failure: 'unreachable', url: `${baseUrl}/chat/completions` });
  });
});

describe('assembleToolCalls', () => {
  it('joins each call’s pieces by index, in index order, whatever order the pieces came in', () => {
    expect(
      assembleToolCalls([
        { index: 1, id: 'b', name: 'demo__current_time', arguments: '{"timeZone":' },
        { index: 0, id: 'a', name: 'demo__calculator', arguments: '' },
        { index: 1, arguments: '"UTC"}' },
        { index: 0, arguments: '{"expression":"1+1"}' },
      ]),
    ).toEqual({
      type: 'tool-calls',
      calls: [
        { id: 'a', name: 'demo__calculator', arguments: { expression: '1+1' } },
        { id: 'b', name: 'demo__current_time', arguments: { timeZone: 'UTC' } },
      ],
    });
  });

  it('reads no arguments as {}, gives an id to a call without one or with a repeated one, and drops a call without a name', () => {
    expect(
      assembleToolCalls([
        { index: 0, name: 'demo__current_time' },
        { index: 1, id: 'x', arguments: '{}' },
      ]),
    ).toEqual({ type: 'tool-calls', calls: [{ id: 'call_0', name: 'demo__current_time', arguments: {} }] });
    expect(assembleToolCalls([])).toBeNull();
    expect(
      assembleToolCalls([
        { index: 0, id: 'same', name: 'a', arguments: '{}' },
        { index: 1, id: 'same', name: 'b', arguments: '{}' },
      ])?.calls.map((call) => call.id),
    ).toEqual(['same', 'call_1']);
  });

  it('names arguments that are not a JSON object rather than failing', () => {
    expect(
      assembleToolCalls([
        { index: 0, id: 'a', name: 't', arguments: '[1, 2]' },
        { index: 1, id: 'b', name: 't', arguments: '{"x": 1' },
      ]),
    ).toEqual({
      type: 'tool-calls',
      calls: [
        { id: 'a', name: 't', arguments: {} },
        { id: 'b', name: 't', arguments: {} },
      ],
      badArguments: {
        a: 'The arguments must be a JSON object, not [1, 2]',
        b: 'The arguments are not valid JSON: {"x": 1',
      },
    });
  });

  it('takes the calls of a whole (non-streamed) message, without indexes, and arguments sent as an object', () => {
    const { toolCalls } = eventsOfChunk(
      {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: 'a',
                  type: 'function',
                  function: { name: 'demo__calculator', arguments: '{"expression":"2"}' },
                },
                {
                  id: 'b',
                  type: 'function',
                  function: { name: 'demo__search_docs', arguments: { query: 'pins' } },
                },
              ],
            },
          },
        ],
      },
      'http://x/v1/chat/completions',
    );
    expect(assembleToolCalls(toolCalls)?.calls).toEqual([
      { id: 'a', name: 'demo__calculator', arguments: { expression: '2' } },
      { id: 'b', name: 'demo__search_docs', arguments: { query: 'pins' } },
    ]);
  });
});
