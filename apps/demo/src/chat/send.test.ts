import type { Engine, ToolCall } from '@ctxkit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAIServer, startFakeOpenAIServer } from '../../e2e/fake-openai-server.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { DEFAULT_SETTINGS, type DemoSettings, NEW_SESSION_TITLE } from '../settings/index.js';
import type { ToolContext } from '../tools/index.js';
import { type ApproveToolCalls, DENIED_CONTENT, MAX_TOOL_ROUNDS, runToolCalls, sendMessage } from './send.js';

const toolContext: ToolContext = {
  now: () => new Date(Date.UTC(2026, 10, 26, 16, 5)),
  timeZone: 'Europe/Berlin',
};
let server: FakeOpenAIServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer();
});
afterAll(() => server.close());

/** An approver that answers every call with `decision` and records what it was asked. */
function approver(decision: 'approved' | 'denied') {
  const asked: (readonly ToolCall[])[] = [];
  const approve: ApproveToolCalls = async (calls) => {
    asked.push(calls);
    return Object.fromEntries(calls.map((call) => [call.id, decision]));
  };
  return { asked, approve };
}

async function send(engine: Engine, text: string, settings: DemoSettings, approve?: ApproveToolCalls) {
  // Requests are for the engine's model, which the app builds from the endpoint's (and the picker switches): the
  // fake server answers by model name.
  if (settings.endpoint && engine.model !== settings.endpoint.model)
    await engine.setModel({
      model: settings.endpoint.model,
      contextWindow: engine.contextWindow,
      reservedOutput: engine.reservedOutput,
    });
  const session = await engine.createSession({ title: NEW_SESSION_TITLE });
  let calls = 0;
  const { assistantMessageId } = await sendMessage({
    engine,
    sessionId: session.id,
    text,
    settings,
    onText: () => {},
    chunkDelayMs: 0,
    toolContext,
    newCallId: () => `call_${++calls}`,
    ...(approve ? { approve } : {}),
  });
  const messages = (await engine.openSession(session.id)).messages;
  const reply = messages.find((message) => message.id === assistantMessageId);
  return {
    messages,
    reply: reply?.role === 'assistant' ? reply.modelReply.content : '',
    title: (await engine.openSession(session.id)).record.title,
  };
}

describe('sendMessage with tools, local responder', () => {
  it('asks about the calculator call, runs it once approved, and answers from its result', async () => {
    const engine = await testEngine();
    const { asked, approve } = approver('approved');
    const { messages, reply, title } = await send(engine, 'What is 17 * 23?', DEFAULT_SETTINGS, approve);
    expect(asked).toEqual([
      [{ id: 'call_1', name: 'demo__calculator', arguments: { expression: '17 * 23' } }],
    ]);
    expect(reply.startsWith('17 * 23 = **391** (worked out by demo:calculator).')).toBe(true);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[1]).toMatchObject({
      modelReply: { content: '', toolCalls: [{ id: 'call_1', name: 'demo__calculator' }] },
    });
    expect(messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_1',
      content: '391',
      approval: 'approved',
    });
    expect(messages[2]).not.toHaveProperty('isError');
    // The first turn names the session, tool steps or not.
    expect(title).toBe('What is 17 * 23?');
  });

  it('records a denied call as an error the model reads, and the reply says it could not', async () => {
    const engine = await testEngine();
    const { asked, approve } = approver('denied');
    const { messages, reply } = await send(engine, 'What time is it?', DEFAULT_SETTINGS, approve);
    expect(asked).toHaveLength(1);
    expect(messages[2]).toMatchObject({
      role: 'tool',
      content: DENIED_CONTENT,
      isError: true,
      approval: 'denied',
    });
    expect(reply.startsWith('I could not tell the time: The user did not allow this call.')).toBe(true);
  });

  it('runs the calculator and the time without asking when the setting allows, and records no approval', async () => {
    const engine = await testEngine();
    const { asked, approve } = approver('denied');
    const settings = { ...DEFAULT_SETTINGS, autoApproveSafeTools: true };
    const { messages, reply } = await send(engine, 'what time is it now?', settings, approve);
    expect(asked).toEqual([]);
    expect(messages[2]).not.toHaveProperty('approval');
    expect(reply.startsWith('It is **Thursday, 26 November 2026 at 17:05** (Europe/Berlin, GMT+1)')).toBe(
      true,
    );
    // The docs search asks even then.
    await send(engine, 'search the docs for pins', settings, approve);
    expect(asked.map((calls) => calls.map((call) => call.name))).toEqual([['demo__search_docs']]);
  });

  it('denies calls that need approval when nobody can be asked', async () => {
    const engine = await testEngine();
    const { messages } = await send(engine, 'What is 2 + 2?', DEFAULT_SETTINGS);
    expect(messages[2]).toMatchObject({ content: DENIED_CONTENT, approval: 'denied', isError: true });
  });

  it('rolls the turn back when stopped while the user decides', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const controller = new AbortController();
    const run = sendMessage({
      engine,
      sessionId: session.id,
      text: 'What is 17 * 23?',
      settings: DEFAULT_SETTINGS,
      onText: () => {},
      chunkDelayMs: 0,
      signal: controller.signal,
      approve: (_calls, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
          controller.abort(new Error('stopped'));
        }),
    });
    await expect(run).rejects.toThrow('stopped');
    const reopened = await engine.openSession(session.id);
    expect(reopened.messages).toEqual([]);
    // No turn is left open: the next one can start.
    await expect(reopened.prepare('Hello')).resolves.toBeDefined();
  });
});

describe('sendMessage with tools, OpenAI-compatible endpoint', () => {
  const endpoint = (model: string) => ({
    ...DEFAULT_SETTINGS,
    endpoint: { baseUrl: server.baseUrl, model, apiKey: '' },
  });

  it('runs a streamed call once approved and sends its result back in the next request', async () => {
    const engine = await testEngine();
    const { approve } = approver('approved');
    const before = server.requests.length;
    const { messages, reply } = await send(engine, 'Multiply please', endpoint('tool-model'), approve);
    expect(reply).toBe('Tool said: 391');
    const second = server.requests[before + 1]?.body.messages as { role: string; content?: unknown }[];
    expect(second.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_1', content: '391' });
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it('answers a call with arguments that are not JSON by saying so, without asking, and runs the others', async () => {
    const engine = await testEngine();
    const { asked, approve } = approver('approved');
    const { messages } = await send(engine, 'Look things up', endpoint('bad-tool-model'), approve);
    expect(asked.map((calls) => calls.map((call) => call.id))).toEqual([['call_b']]);
    const results = messages.filter((message) => message.role === 'tool');
    expect(results[0]).toMatchObject({
      toolCallId: 'call_a',
      content: 'The arguments are not valid JSON: {"sql": select 1',
      isError: true,
    });
    expect(results[0]).not.toHaveProperty('approval');
    expect(results[1]).toMatchObject({ toolCallId: 'call_b', approval: 'approved' });
    expect(JSON.parse(results[1]?.role === 'tool' ? results[1].content : '')).toMatchObject({
      timeZone: 'Europe/Berlin',
    });
  });

  it(`stops after ${MAX_TOOL_ROUNDS} rounds of tool calls and commits the reply as text`, async () => {
    const engine = await testEngine();
    const before = server.requests.length;
    const { messages, reply } = await send(engine, 'Keep going', {
      ...endpoint('loop-tool-model'),
      autoApproveSafeTools: true,
    });
    expect(server.requests.length - before).toBe(MAX_TOOL_ROUNDS + 1);
    expect(messages.filter((message) => message.role === 'tool')).toHaveLength(MAX_TOOL_ROUNDS);
    expect(reply).toBe(
      `[Stopped after ${MAX_TOOL_ROUNDS} rounds of tool calls; the model asked for demo__calculator again.]`,
    );
  });
});

describe('runToolCalls', () => {
  it('refuses, without asking, a tool the request did not offer and one the demo does not have', async () => {
    const { asked, approve } = approver('approved');
    const results = await runToolCalls({
      calls: [
        { id: 'a', name: 'demo__calculator', arguments: { expression: '1+1' } },
        { id: 'b', name: 'filesystem__delete_file', arguments: { path: '/' } },
        { id: 'c', name: 'demo__search_docs', arguments: { query: 'pins' } },
      ],
      offered: new Set(['demo__calculator', 'filesystem__delete_file']),
      settings: DEFAULT_SETTINGS,
      approve,
      signal: new AbortController().signal,
    });
    expect(asked.map((calls) => calls.map((call) => call.id))).toEqual([['a']]);
    expect(results).toEqual([
      { toolCallId: 'a', content: '2', approval: 'approved' },
      {
        toolCallId: 'b',
        content: 'The demo cannot run “filesystem__delete_file”: it has no such tool.',
        isError: true,
      },
      { toolCallId: 'c', content: '“demo__search_docs” was not offered in this request.', isError: true },
    ]);
  });

  it('denies a call the approver left out, and runs an approved calculator call that fails as an error', async () => {
    const results = await runToolCalls({
      calls: [
        { id: 'a', name: 'demo__calculator', arguments: { expression: 'alert(1)' } },
        { id: 'b', name: 'demo__current_time', arguments: {} },
      ],
      offered: new Set(['demo__calculator', 'demo__current_time']),
      settings: DEFAULT_SETTINGS,
      approve: async () => ({ a: 'approved' }),
      signal: new AbortController().signal,
    });
    expect(results).toEqual([
      {
        toolCallId: 'a',
        content:
          'Not calculated: Only numbers, + - * / % ^ and parentheses are allowed; “a” at position 1 is not.',
        isError: true,
        approval: 'approved',
      },
      { toolCallId: 'b', content: DENIED_CONTENT, isError: true, approval: 'denied' },
    ]);
  });
});
