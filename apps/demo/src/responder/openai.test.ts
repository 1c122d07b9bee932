import type { OpenAIChatRequest } from '@ctxkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPortUrl,
  type FakeOpenAIServer,
  PROMPT_TOKENS,
  startFakeOpenAIServer,
} from '../../e2e/fake-openai-server.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { EndpointError, openAIResponder } from './openai.js';
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

  it('names a tool call in the reply, since the demo runs no tools', async () => {
    const events = await collect(
      openAIResponder({ baseUrl: server.baseUrl, model: 'tool-model', apiKey: '' }, request),
    );
    expect(textOf(events)).toContain('The model asked to call database__run_query. This demo runs no tools.');
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
