import Anthropic from '@anthropic-ai/sdk';
import { expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { type AnthropicMessagesRequest, renderAnthropicMessages } from './index.js';

// Compiled with the official client's own types: the planned request is passed as it is, with no cast, for a
// request with tools, a tool call and its result.
test('the official @anthropic-ai/sdk client takes a planned request as it is, and sends it unchanged', async () => {
  const sent: unknown[] = [];
  const client = new Anthropic({
    apiKey: 'sk-ant-test-not-a-real-key-0000000000',
    baseURL: 'http://127.0.0.1:9',
    dangerouslyAllowBrowser: true,
    fetch: async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'test-model',
          content: [{ type: 'text', text: 'It is 1.2.0.', citations: null }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 40, output_tokens: 5 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    },
  });
  const engine = await testEngine<AnthropicMessagesRequest>({
    render: (plan) => renderAnthropicMessages(plan, { model: 'test-model' }),
  });
  const session = await engine.createSession();
  // Heavy mode sends the tool's full definition (light sends cards, and the model would ask for it first).
  await session.setMode('heavy');
  let turn = await session.prepare('Read package.json and tell me the version');
  turn = await session.continue(
    turn,
    {
      content: '',
      toolCalls: [{ id: 'toolu_1', name: 'filesystem__read_file', arguments: { path: 'package.json' } }],
    },
    [{ toolCallId: 'toolu_1', content: '{"version":"1.2.0"}' }],
  );
  const reply = await client.messages.create(turn.request);
  expect(sent).toEqual([turn.request]);
  expect(turn.request.tools?.length).toBeGreaterThan(0);
  expect(JSON.stringify(turn.request.messages)).toContain('tool_result');
  const text = reply.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  await session.commit(turn, text, { inputTokens: reply.usage.input_tokens });
});

/** Every block of a request that carries a cache breakpoint, as `where:index`. */
function breakpointsOf(request: AnthropicMessagesRequest): string[] {
  const marked: string[] = [];
  for (const [i, block] of (request.system ?? []).entries())
    if (block.cache_control) marked.push(`system:${i}`);
  for (const [i, tool] of (request.tools ?? []).entries()) if (tool.cache_control) marked.push(`tool:${i}`);
  for (const [m, message] of request.messages.entries())
    for (const [b, block] of message.content.entries())
      if (block.cache_control) marked.push(`message:${m}:${b}`);
  return marked;
}

test('cache breakpoints mark the end of the system prompt and of history, which the SDK takes as they are', async () => {
  let cached: AnthropicMessagesRequest | null = null;
  const client = new Anthropic({
    apiKey: 'sk-ant-test-not-a-real-key-0000000000',
    baseURL: 'http://127.0.0.1:9',
    dangerouslyAllowBrowser: true,
    fetch: async (_url, init) => {
      cached = JSON.parse(String(init?.body));
      return new Response(
        JSON.stringify({
          id: 'msg_2',
          type: 'message',
          role: 'assistant',
          model: 'test-model',
          content: [{ type: 'text', text: 'Noted.', citations: null }],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 12, cache_read_input_tokens: 300, output_tokens: 2 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    },
  });
  let plain: AnthropicMessagesRequest | null = null;
  const engine = await testEngine<AnthropicMessagesRequest>({
    render: (plan) => {
      plain = renderAnthropicMessages(plan, { model: 'test-model', cache: false });
      return renderAnthropicMessages(plan, { model: 'test-model' });
    },
  });
  const session = await engine.createSession();
  for (const text of ['We use Postgres.', 'Users have an email.'])
    await session.commit(await session.prepare(text), 'Noted.');
  const turn = await session.prepare('And sessions expire after a day.');
  await client.messages.create(turn.request);
  const request = cached as unknown as AnthropicMessagesRequest;
  const historyEnd = request.messages.length - 2;
  const lastBlock = (request.messages[historyEnd]?.content.length ?? 0) - 1;
  expect(breakpointsOf(request)).toEqual(['system:0', `message:${historyEnd}:${lastBlock}`]);
  expect(request.messages[historyEnd]?.content[lastBlock]).toMatchObject({ text: 'Noted.' });
  expect(breakpointsOf(plain as unknown as AnthropicMessagesRequest)).toEqual([]);
  await session.commit(turn, 'Noted.', { inputTokens: 312, cachedInputTokens: 300 });
});
