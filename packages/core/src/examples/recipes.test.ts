import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { type AnthropicMessagesRequest, renderAnthropicMessages } from '../index.js';
import { askAnthropic, askOpenAI } from './recipes.js';

/** A streamed HTTP answer made of server-sent events. */
const sse = (events: readonly string[]) =>
  new Response(events.join(''), { headers: { 'content-type': 'text/event-stream' } });

/** A client's fetch that answers the n-th request with the n-th response and keeps every request body. */
function scripted(responses: readonly (() => Response)[]) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = async (_url: unknown, init?: { body?: unknown }) => {
    bodies.push(JSON.parse(String(init?.body)));
    const next = responses[bodies.length - 1];
    if (!next) throw new Error(`unexpected request ${bodies.length}`);
    return next();
  };
  return { bodies, fetch };
}

const readFile = async (name: string, args: Record<string, unknown>) =>
  `${name}(${String(args.path)}): {"version":"1.2.0"}`;

describe('the openai recipe', () => {
  const chunk = (delta: object, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;
  const usage = (prompt: number) =>
    `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [], usage: { prompt_tokens: prompt, completion_tokens: 7, total_tokens: prompt + 7, prompt_tokens_details: { cached_tokens: 20 } } })}\n\n`;

  test('streams a reply, runs the tool call that came in pieces, and commits the turn with its usage', async () => {
    const { bodies, fetch } = scripted([
      () =>
        sse([
          chunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'filesystem__read_file', arguments: '' },
              },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '"package.json"}' } }] }),
          usage(90),
          'data: [DONE]\n\n',
        ]),
      () => sse([chunk({ content: 'It is ' }), chunk({ content: '1.2.0.' }), usage(120), 'data: [DONE]\n\n']),
    ]);
    const client = new OpenAI({
      apiKey: 'sk-test-not-a-real-key-000000000000',
      baseURL: 'http://127.0.0.1:9/v1',
      dangerouslyAllowBrowser: true,
      fetch,
    });
    const engine = await testEngine();
    const session = await engine.createSession();
    const seen: string[] = [];
    const answer = await askOpenAI(session, client, 'Read package.json: which version?', readFile, (soFar) =>
      seen.push(soFar),
    );

    expect(answer).toBe('It is 1.2.0.');
    expect(seen).toEqual(['It is ', 'It is 1.2.0.']);
    expect(bodies.map((body) => body.stream)).toEqual([true, true]);
    const second = JSON.stringify(bodies[1]);
    expect(second).toContain('filesystem__read_file(package.json): {\\"version\\":\\"1.2.0\\"}');
    const steps = session.messages.map((message) => message.role);
    expect(steps).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const reports = await engine.store.listUsage(session.id);
    expect(reports.map((report) => [report.actualInputTokens, report.cachedInputTokens])).toEqual([
      [90, 20],
      [120, 20],
    ]);
  });

  test('a failed request rolls the turn back: nothing of it is stored', async () => {
    const { fetch } = scripted([() => new Response('{"error":{"message":"overloaded"}}', { status: 400 })]);
    const client = new OpenAI({
      apiKey: 'sk-test-not-a-real-key-000000000000',
      baseURL: 'http://127.0.0.1:9/v1',
      dangerouslyAllowBrowser: true,
      fetch,
      maxRetries: 0,
    });
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(askOpenAI(session, client, 'Hello?', readFile)).rejects.toThrow(/overloaded/);
    expect(session.messages).toEqual([]);
    await session.commit(await session.prepare('Hello again'), 'Hi.'); // no turn was left open
  });
});

describe('the Anthropic recipe', () => {
  const event = (type: string, data: object) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const start = (read: number) =>
    event('message_start', {
      message: {
        id: 'msg',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: 10,
          output_tokens: 1,
          cache_read_input_tokens: read,
          cache_creation_input_tokens: 5,
        },
      },
    });
  const end = (reason: string) => [
    event('message_delta', {
      delta: { stop_reason: reason, stop_sequence: null },
      usage: { output_tokens: 9 },
    }),
    event('message_stop', {}),
  ];

  test('streams a reply, runs the tool_use block, and counts cached prompt tokens into the input', async () => {
    const { bodies, fetch } = scripted([
      () =>
        sse([
          start(30),
          event('content_block_start', {
            index: 0,
            content_block: { type: 'tool_use', id: 'toolu_1', name: 'filesystem__read_file', input: {} },
          }),
          event('content_block_delta', {
            index: 0,
            delta: { type: 'input_json_delta', partial_json: '{"path":' },
          }),
          event('content_block_delta', {
            index: 0,
            delta: { type: 'input_json_delta', partial_json: '"package.json"}' },
          }),
          event('content_block_stop', { index: 0 }),
          ...end('tool_use'),
        ]),
      () =>
        sse([
          start(40),
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Version ' } }),
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: '1.2.0.' } }),
          event('content_block_stop', { index: 0 }),
          ...end('end_turn'),
        ]),
    ]);
    const client = new Anthropic({
      apiKey: 'sk-ant-test-not-a-real-key-0000000000',
      baseURL: 'http://127.0.0.1:9',
      dangerouslyAllowBrowser: true,
      fetch,
    });
    const engine = await testEngine<AnthropicMessagesRequest>({
      render: (plan) => renderAnthropicMessages(plan, { model: 'm' }),
    });
    const session = await engine.createSession();
    const seen: string[] = [];
    const answer = await askAnthropic(
      session,
      client,
      'Read package.json: which version?',
      readFile,
      (soFar) => seen.push(soFar),
    );

    expect(answer).toBe('Version 1.2.0.');
    expect(seen).toEqual(['Version ', 'Version 1.2.0.']);
    expect(JSON.stringify(bodies[1])).toContain('filesystem__read_file(package.json)');
    expect(session.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    const reports = await engine.store.listUsage(session.id);
    expect(
      reports.map((report) => [report.actualInputTokens, report.cachedInputTokens, report.cacheWriteTokens]),
    ).toEqual([
      [45, 30, 5],
      [55, 40, 5],
    ]);
  });
});
