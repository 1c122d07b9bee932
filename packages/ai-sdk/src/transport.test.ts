import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Chat } from '@ai-sdk/react';
import { type AssistantMessage, isCtxkitError, type ToolResultMessage } from '@ctxkit/core';
import type { UIMessageChunk } from 'ai';
import { describe, expect, inject, test, vi } from 'vitest';
import {
  type CtxkitModelRequest,
  type CtxkitToolCall,
  type CtxkitUIMessage,
  createCtxkitTransport,
  ctxkitMetadataOf,
  toolResult,
} from './index.js';
import {
  aiMajor,
  inBrowser,
  type LocalModel,
  lastStore,
  makeEngine,
  model,
  RULE,
  serverRequests,
  until,
} from './test/fixtures.js';
import { CACHED_TOKENS, PROMPT_TOKENS } from './test/usage.js';

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

function userMessage(id: string, text: string): CtxkitUIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] };
}

function assistantOf(messages: readonly { role: string }[]): AssistantMessage[] {
  return messages.filter((message): message is AssistantMessage => message.role === 'assistant');
}

describe('createCtxkitTransport', () => {
  test('streams the reply as UI chunks, sends the request ctxkit planned, and commits the turn', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    // Chromium runs on the core's IndexedDB store, Node on the default MemoryStore.
    expect(lastStore?.constructor.name).toBe(inBrowser ? 'IdbStore' : undefined);
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const chunks = await readAll(
      await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        messages: [userMessage('u1', 'hello there friend')],
        abortSignal: undefined,
      }),
    );
    const deltas = chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Echo: hello there friend');
    expect(chunks[0]?.type).toBe('start');
    expect(chunks.at(-1)?.type).toBe('finish');

    // Other test files share the server: this test's requests are those carrying its message.
    const sent = (await serverRequests()).filter((body) =>
      JSON.stringify(body).includes('hello there friend'),
    );
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0]?.messages)).toContain(RULE);

    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ role: 'user', content: 'hello there friend' });
    expect(assistantOf(stored)[0]?.modelReply.content).toBe('Echo: hello there friend');
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('useChat: the reply carries the ctxkit ids in its metadata, and the usage is stored with the turn', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') }),
    });
    await chat.sendMessage({ text: 'what is ctxkit' });
    await until(() => chat.status === 'ready');

    const reply = chat.messages[1];
    expect(reply?.role).toBe('assistant');
    expect(reply?.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual([
      'Echo: what is ctxkit',
    ]);
    const stored = assistantOf((await engine.openSession(session.id)).messages)[0];
    const ids = ctxkitMetadataOf(reply ?? {});
    expect(ids).toEqual({
      sessionId: session.id,
      userMessageId: (await engine.openSession(session.id)).messages[0]?.id,
      planId: stored?.requestContext?.planId,
      messageId: stored?.id,
    });

    const usage = await engine.store.listUsage(session.id);
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      planId: stored?.requestContext?.planId,
      actualInputTokens: PROMPT_TOKENS,
      outputTokens: 4,
      cachedInputTokens: CACHED_TOKENS,
    });
  });

  test('a tool call runs through continue: the call, its result and the final reply are one committed turn', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const runTool = vi.fn(async (_call: CtxkitToolCall) => 'the notes say hi');
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({
        engine,
        sessionId: session.id,
        model: model('tool-model'),
        runTool,
      }),
    });
    await chat.sendMessage({ text: 'read my notes' });
    await until(() => chat.status === 'ready');

    expect(runTool).toHaveBeenCalledTimes(1);
    expect(runTool.mock.calls[0]?.[0]).toMatchObject({
      functionName: 'files__read_file',
      serverName: 'files',
      toolName: 'read_file',
      input: { path: 'notes.txt' },
    });
    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const [call, final] = assistantOf(stored);
    expect(call?.modelReply.toolCalls).toEqual([
      { id: expect.any(String), name: 'files__read_file', arguments: { path: 'notes.txt' } },
    ]);
    const result = stored[2] as ToolResultMessage;
    expect(result).toMatchObject({
      toolCallId: call?.modelReply.toolCalls?.[0]?.id,
      content: 'the notes say hi',
    });
    expect(final?.modelReply.content).toBe('The file says: the notes say hi');
    expect((await engine.store.listUsage(session.id)).map((report) => report.actualInputTokens)).toEqual([
      PROMPT_TOKENS,
      PROMPT_TOKENS,
    ]);

    const reply = chat.messages[1];
    const tool = reply?.parts.find((part) => part.type === 'dynamic-tool');
    expect(tool).toMatchObject({
      toolName: 'files__read_file',
      state: 'output-available',
      output: 'the notes say hi',
    });
    expect(ctxkitMetadataOf(reply ?? {})?.messageId).toBe(final?.id);
  });

  test("a runner's toolResult records the user's decision with the call's result; a denial reads as an error", async () => {
    for (const [decision, expected] of [
      [
        toolResult('the notes say hi', { approval: 'approved' }),
        { content: 'the notes say hi', approval: 'approved' },
      ],
      [
        toolResult('The user did not allow this call.', { approval: 'denied' }),
        { content: 'The user did not allow this call.', approval: 'denied', isError: true },
      ],
    ] as const) {
      const engine = await makeEngine();
      const session = await engine.createSession();
      const chat = new Chat<CtxkitUIMessage>({
        transport: createCtxkitTransport({
          engine,
          sessionId: session.id,
          model: model('tool-model'),
          runTool: async () => decision,
        }),
      });
      await chat.sendMessage({ text: 'read my notes' });
      await until(() => chat.status === 'ready');
      const stored = (await engine.openSession(session.id)).messages;
      const result = stored.find((message): message is ToolResultMessage => message.role === 'tool');
      expect(result).toMatchObject(expected);
      if (expected.approval === 'approved') expect(result).not.toHaveProperty('isError');
      const tool = chat.messages[1]?.parts.find((part) => part.type === 'dynamic-tool');
      if (expected.approval === 'approved') expect(tool).toMatchObject({ state: 'output-available' });
      // AI SDK 5 has no denied state: the call shows as an error with the runner's text.
      else if (aiMajor() === 5)
        expect(tool).toMatchObject({ state: 'output-error', errorText: expected.content });
      else expect(tool).toMatchObject({ state: 'output-denied' });
    }
    expect(() => toolResult('x', { approval: 'yes' as 'approved' })).toThrow(/options\.approval/);
  });

  test('regenerating a reply forks the session before its turn; the earlier reply stays in the original', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const onSessionChange = vi.fn();
    const transport = createCtxkitTransport({
      engine,
      sessionId: session.id,
      model: model('echo-model'),
      onSessionChange,
    });
    const chat = new Chat<CtxkitUIMessage>({ transport });
    await chat.sendMessage({ text: 'first question' });
    await until(() => chat.status === 'ready');
    await chat.sendMessage({ text: 'second question' });
    await until(() => chat.status === 'ready');
    const original = (await engine.openSession(session.id)).messages.map((message) => message.id);

    await chat.regenerate();
    await until(() => chat.status === 'ready');

    const branchId = transport.sessionId;
    expect(branchId).not.toBe(session.id);
    expect(onSessionChange).toHaveBeenCalledWith(branchId);
    // The original keeps both turns as they were.
    expect((await engine.openSession(session.id)).messages.map((message) => message.id)).toEqual(original);
    const branch = await engine.openSession(branchId);
    expect(branch.branch?.parentSessionId).toBe(session.id);
    // The branch sees the first turn and answers the second question again, as a new turn of its own.
    expect(branch.messages.map((message) => message.id).slice(0, 2)).toEqual(original.slice(0, 2));
    expect(branch.messages).toHaveLength(4);
    expect(branch.messages[2]).toMatchObject({ role: 'user', content: 'second question' });
    expect(branch.messages[3]?.id).not.toBe(original[3]);
    expect(ctxkitMetadataOf(chat.messages[3] ?? {})).toMatchObject({
      sessionId: branchId,
      messageId: branch.messages[3]?.id,
    });

    // The next message goes on in the branch.
    await chat.sendMessage({ text: 'third question' });
    await until(() => chat.status === 'ready');
    expect((await engine.openSession(branchId)).messages).toHaveLength(6);
    expect((await engine.openSession(session.id)).messages).toHaveLength(4);
  });

  test('regenerating finds the turn by the reply it streamed, also when the stored message was redacted', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const chat = new Chat<CtxkitUIMessage>({ transport });
    await chat.sendMessage({ text: 'is AKIAQWERTYUIOPASDFGH my key?' });
    await until(() => chat.status === 'ready');
    const stored = (await engine.openSession(session.id)).messages;
    expect(stored[0]).toMatchObject({ role: 'user', redactions: [expect.anything()] });

    await chat.regenerate();
    await until(() => chat.status === 'ready');
    expect(transport.sessionId).not.toBe(session.id);
    expect((await engine.openSession(session.id)).messages.map((message) => message.id)).toEqual(
      stored.map((message) => message.id),
    );
    expect((await engine.openSession(transport.sessionId)).messages).toHaveLength(2);
  });

  test('editing an earlier message forks the session before its turn; the original keeps both turns', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const chat = new Chat<CtxkitUIMessage>({ transport });
    await chat.sendMessage({ text: 'first question' });
    await until(() => chat.status === 'ready');
    await chat.sendMessage({ text: 'second question' });
    await until(() => chat.status === 'ready');

    await chat.sendMessage({
      text: 'first question, asked better',
      messageId: chat.messages[0]?.id as string,
    });
    await until(() => chat.status === 'ready');

    expect(transport.sessionId).not.toBe(session.id);
    expect((await engine.openSession(session.id)).messages).toHaveLength(4);
    const branch = await engine.openSession(transport.sessionId);
    expect(branch.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(branch.messages[0]).toMatchObject({ content: 'first question, asked better' });
    expect(assistantOf(branch.messages)[0]?.modelReply).toMatchObject({
      content: 'Echo: first question, asked better',
      model: 'echo-model',
    });
  });

  test('regenerating a stopped reply asks the message again in the same session (there is no turn to keep)', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('slow-model') });
    const chat = new Chat<CtxkitUIMessage>({ transport });
    const sent = chat.sendMessage({ text: 'a story' });
    await until(() => (chat.messages[1]?.parts.some((part) => part.type === 'text') ?? false) === true);
    await chat.stop();
    await sent;
    await until(() => engine.pendingTurn(session.id) === null);

    await chat.regenerate();
    await until(() => chat.status === 'ready');
    expect(transport.sessionId).toBe(session.id);
    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ content: 'a story' });
    expect(await engine.listBranches(session.id)).toHaveLength(1);
  });

  test('stopping mid-reply rolls the turn back: nothing is committed and no turn stays open', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({ engine, sessionId: session.id, model: model('slow-model') }),
    });
    const sent = chat.sendMessage({ text: 'tell me a long story' });
    await until(() => (chat.messages[1]?.parts.some((part) => part.type === 'text') ?? false) === true);
    expect(engine.pendingTurn(session.id)?.content).toBe('tell me a long story');
    await chat.stop();
    await sent;
    await until(() => chat.status !== 'streaming' && chat.status !== 'submitted');

    await until(() => engine.pendingTurn(session.id) === null);
    const reopened = await engine.openSession(session.id);
    expect(reopened.isTurnOpen).toBe(false);
    expect(reopened.messages).toEqual([]);
    expect(await engine.store.listUsage(session.id)).toEqual([]);
    expect(ctxkitMetadataOf(chat.messages[1] ?? {})?.messageId).toBeUndefined();
    // The session takes the next message at once.
    await reopened.rollback(await reopened.prepare('again'));
  });

  test('settings reach every model call: sampling, output length, stop sequences', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({
      engine,
      sessionId: session.id,
      model: model('echo-model'),
      settings: { temperature: 0.25, topP: 0.5, seed: 7, maxOutputTokens: 123, stopSequences: ['\n\n'] },
    });
    await readAll(
      await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        messages: [userMessage('u1', 'settings check please')],
        abortSignal: undefined,
      }),
    );
    const sent = (await serverRequests()).filter((body) =>
      JSON.stringify(body).includes('settings check please'),
    );
    expect(sent).toHaveLength(1);
    // What the provider sends for them: OpenAI's field names.
    expect(sent[0]).toMatchObject({
      temperature: 0.25,
      top_p: 0.5,
      seed: 7,
      max_tokens: 123,
      stop: ['\n\n'],
    });
  });

  test('an endpoint nothing listens on: useChat shows the error, and the turn is rolled back', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    // Nothing listens there: the fetch itself fails, as with a stopped local server.
    const down = createOpenAICompatible({
      name: 'down',
      baseURL: inject('closedBaseUrl'),
      includeUsage: true,
    });
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({
        engine,
        sessionId: session.id,
        model: down.chatModel('echo-model'),
        settings: { maxRetries: 1 },
      }),
    });
    await chat.sendMessage({ text: 'hello down there' });
    await until(() => chat.status === 'error', 20_000);
    expect(chat.error?.message).toMatch(/connect|fetch/i);
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect((await engine.openSession(session.id)).messages).toEqual([]);
  });

  test('a model error rolls the turn back and reaches useChat as an error', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({
        engine,
        sessionId: session.id,
        model: model('fail-model'),
        settings: { maxRetries: 0 },
      }),
    });
    await chat.sendMessage({ text: 'hello' });
    await until(() => chat.status === 'error');
    expect(chat.error?.message).toContain('the model is down');
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect((await engine.openSession(session.id)).messages).toEqual([]);
  });

  test("a model function chooses each message's model from what useChat sent with it; tool rounds keep it", async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const requests: CtxkitModelRequest[] = [];
    const runTool = vi.fn(async () => 'the notes say hi');
    const chat = new Chat<CtxkitUIMessage>({
      id: 'picker-chat',
      transport: createCtxkitTransport({
        engine,
        sessionId: session.id,
        model: (request) => {
          requests.push(request);
          const { picked } = (request.body ?? {}) as { picked?: LocalModel };
          return model(picked ?? 'echo-model');
        },
        runTool,
      }),
    });
    await chat.sendMessage({ text: 'first of the picker' }, { body: { picked: 'echo-model' } });
    await until(() => chat.status === 'ready');
    await chat.sendMessage({ text: 'second of the picker' }, { body: { picked: 'tool-model' } });
    await until(() => chat.status === 'ready');

    expect(requests).toEqual([
      expect.objectContaining({
        chatId: 'picker-chat',
        trigger: 'submit-message',
        body: { picked: 'echo-model' },
      }),
      expect.objectContaining({
        chatId: 'picker-chat',
        trigger: 'submit-message',
        body: { picked: 'tool-model' },
      }),
    ]);
    const sent = await serverRequests();
    // A request belongs to the message its last user message asks (history repeats the earlier ones).
    const modelsOf = (text: string) =>
      sent
        .filter((body) => {
          const users = (body.messages as { role: string; content: unknown }[]).filter(
            (message) => message.role === 'user',
          );
          return JSON.stringify(users.at(-1)?.content).includes(text);
        })
        .map((body) => body.model);
    expect(modelsOf('first of the picker')).toEqual(['echo-model']);
    // The tool round is the same turn: it keeps the model chosen for its message.
    expect(modelsOf('second of the picker')).toEqual(['tool-model', 'tool-model']);
    expect(runTool).toHaveBeenCalledTimes(1);
    expect(chat.messages[3]?.parts.filter((part) => part.type === 'text').map((part) => part.text)).toEqual([
      'The file says: the notes say hi',
    ]);
  });

  test('a model function that returns no model is a ValidationError of that request; no turn opens', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({
      engine,
      sessionId: session.id,
      model: () => undefined as never,
    });
    const error = await transport
      .sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        messages: [userMessage('u1', 'which model')],
        abortSignal: undefined,
      })
      .catch((caught: unknown) => caught);
    expect(isCtxkitError(error, 'invalid_input') && error.issues.map((issue) => issue.path)).toEqual([
      'options.model()',
    ]);
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect((await engine.openSession(session.id)).messages).toEqual([]);
  });

  test('wrong options are a ValidationError naming each path', async () => {
    const engine = await makeEngine();
    let caught: unknown;
    try {
      createCtxkitTransport({
        engine,
        sessionId: '',
        model: model('echo-model'),
        maxToolRounds: 0,
        runTools: () => '',
      } as never);
    } catch (error) {
      caught = error;
    }
    expect(isCtxkitError(caught, 'invalid_input')).toBe(true);
    if (!isCtxkitError(caught, 'invalid_input')) return;
    expect(caught.issues.map((issue) => issue.path)).toEqual([
      'options.runTools',
      'options.sessionId',
      'options.maxToolRounds',
    ]);
    expect(caught.issues[0]?.message).toContain("did you mean 'runTool'");

    let missing: unknown;
    try {
      createCtxkitTransport({ engine: {}, sessionId: 's', model: 42 } as never);
    } catch (error) {
      missing = error;
    }
    expect(isCtxkitError(missing, 'invalid_input') && missing.issues.map((issue) => issue.path)).toEqual([
      'options.engine',
      'options.model',
    ]);
  });

  test('a request whose last message is not a user message is a ValidationError', async () => {
    const engine = await makeEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({ engine, sessionId: session.id, model: model('echo-model') });
    const error = await transport
      .sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        messages: [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'hi' }] }],
        abortSignal: undefined,
      })
      .catch((caught: unknown) => caught);
    expect(isCtxkitError(error, 'invalid_input') && error.issues[0]?.path).toBe('messages[0].role');
    expect(engine.pendingTurn(session.id)).toBeNull();
  });
});
