import OpenAI from 'openai';
import { expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';

// Compiled with the official client's own types: the planned request is passed as it is, with no cast, for a
// request with tools, tool calls and their results.
test('the official openai client takes a planned request as it is, and sends it unchanged', async () => {
  const sent: unknown[] = [];
  const client = new OpenAI({
    apiKey: 'sk-test-not-a-real-key-000000000000',
    baseURL: 'http://127.0.0.1:9/v1',
    dangerouslyAllowBrowser: true,
    fetch: async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: 'test-model',
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'ok', refusal: null } },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    },
  });
  const engine = await testEngine();
  const session = await engine.createSession();
  let turn = await session.prepare('Read package.json and list the folder');
  turn = await session.continue(
    turn,
    {
      content: '',
      toolCalls: [{ id: 'call_1', name: 'filesystem__read_file', arguments: { path: 'package.json' } }],
    },
    [{ toolCallId: 'call_1', content: '{"version":"1.2.0"}' }],
  );
  const reply = await client.chat.completions.create(turn.request);
  expect(sent).toEqual([turn.request]);
  expect(turn.request.tools?.length).toBeGreaterThan(0);
  expect(turn.request.messages.some((message) => message.role === 'tool')).toBe(true);
  await session.commit(turn, reply.choices[0]?.message.content ?? '', {
    inputTokens: reply.usage?.prompt_tokens ?? 0,
  });
});
