import { type AssistantMessage, isCtxkitError } from '@ctxkit/core';
import {
  generateText,
  jsonSchema,
  readUIMessageStream,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, test, vi } from 'vitest';
import { type CtxkitUIMessage, ctxkitMessageMetadata, ctxkitMiddleware } from './index.js';
import {
  aiMajor,
  chatModel,
  type LocalModel,
  makeEngine,
  RULE,
  serverRequests,
  until,
} from './test/fixtures.js';
import { CACHED_TOKENS, PROMPT_TOKENS } from './test/usage.js';

async function setup(name: LocalModel) {
  const engine = await makeEngine();
  const session = await engine.createSession();
  const onCommit = vi.fn();
  const model = wrapLanguageModel({
    model: chatModel(name),
    middleware: ctxkitMiddleware({ engine, sessionId: session.id, onCommit }),
  });
  return { engine, session, model, onCommit };
}

function assistants(messages: readonly { role: string }[]): AssistantMessage[] {
  return messages.filter((message): message is AssistantMessage => message.role === 'assistant');
}

describe('ctxkitMiddleware', () => {
  test("runs on the AI SDK major its project names: that major's provider and wrapper", async () => {
    // ai 5 speaks the language-model specification V2, ai 6 V3, ai 7 V4; the provider of each major makes models of
    // its specification, and each major's wrapLanguageModel returns one.
    const spec = `v${aiMajor() - 3}`;
    expect(chatModel('echo-model').specificationVersion).toBe(spec);
    expect((await setup('echo-model')).model.specificationVersion).toBe(spec);
  });

  test('streamText: the prompt is ctxkit’s plan, the reply streams, and the turn is committed with its usage', async () => {
    const { engine, session, model, onCommit } = await setup('echo-model');
    const result = streamText({
      model,
      messages: [
        { role: 'user', content: 'an earlier question' },
        { role: 'assistant', content: 'an answer ctxkit never stored' },
        { role: 'user', content: 'hello from the route' },
      ],
    });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Echo: hello from the route');

    // Other test files share the server: this test's requests are those carrying its message.
    const requests = (await serverRequests()).filter((body) =>
      JSON.stringify(body).includes('hello from the route'),
    );
    expect(requests).toHaveLength(1);
    const sent = JSON.stringify(requests);
    expect(sent).toContain(RULE);
    expect(sent).not.toContain('an answer ctxkit never stored');

    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ content: 'hello from the route' });
    const reply = assistants(stored)[0];
    expect(reply?.modelReply.content).toBe('Echo: hello from the route');
    expect(await engine.store.listUsage(session.id)).toEqual([
      expect.objectContaining({
        planId: reply?.requestContext?.planId,
        actualInputTokens: PROMPT_TOKENS,
        outputTokens: 5,
        cachedInputTokens: CACHED_TOKENS,
      }),
    ]);
    const ids = {
      sessionId: session.id,
      userMessageId: stored[0]?.id,
      planId: reply?.requestContext?.planId,
      messageId: reply?.id,
    };
    expect((await result.providerMetadata)?.ctxkit).toEqual(ids);
    expect(onCommit).toHaveBeenCalledWith(ids);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('a route sends the committed ids to useChat as message metadata (ctxkitMessageMetadata)', async () => {
    const { engine, session, model } = await setup('echo-model');
    const result = streamText({ model, prompt: 'show me the context' });
    let message: CtxkitUIMessage | undefined;
    for await (const next of readUIMessageStream<CtxkitUIMessage>({
      stream: result.toUIMessageStream<CtxkitUIMessage>({ messageMetadata: ctxkitMessageMetadata }),
    }))
      message = next;
    const reply = assistants((await engine.openSession(session.id)).messages)[0];
    expect(message?.metadata?.ctxkit).toMatchObject({ sessionId: session.id, messageId: reply?.id });
  });

  test('a tool loop: each step after the first continues the turn with the results the AI SDK ran', async () => {
    const { engine, session, model } = await setup('tool-model');
    const execute = vi.fn(async ({ path }: { path: string }) => `contents of ${path}`);
    const result = streamText({
      model,
      messages: [{ role: 'user', content: 'read my notes' }],
      tools: {
        files__read_file: tool({
          inputSchema: jsonSchema<{ path: string }>({
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
          }),
          execute,
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe('The file says: contents of notes.txt');
    expect(execute).toHaveBeenCalledTimes(1);

    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const [call, final] = assistants(stored);
    expect(call?.modelReply.toolCalls).toEqual([
      { id: expect.any(String), name: 'files__read_file', arguments: { path: 'notes.txt' } },
    ]);
    expect(stored[2]).toMatchObject({ role: 'tool', content: 'contents of notes.txt' });
    expect(final?.modelReply.content).toBe('The file says: contents of notes.txt');
    expect((await engine.store.listUsage(session.id)).map((report) => report.actualInputTokens)).toEqual([
      PROMPT_TOKENS,
      PROMPT_TOKENS,
    ]);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('a turn an earlier request left waiting for tool results is rolled back when the next message comes', async () => {
    const { engine, session, model } = await setup('tool-model');
    // The route's loop stops after the step that called the tool: the results never go back to the model.
    const first = streamText({
      model,
      prompt: 'read my notes',
      tools: {
        files__read_file: tool({
          inputSchema: jsonSchema<{ path: string }>({
            type: 'object',
            properties: { path: { type: 'string' } },
          }),
          execute: async () => 'unused',
        }),
      },
      stopWhen: stepCountIs(1),
    });
    await first.consumeStream();
    expect(engine.pendingTurn(session.id)?.content).toBe('read my notes');

    // The next request makes its own middleware, as a route handler does.
    const next = wrapLanguageModel({
      model: chatModel('echo-model'),
      middleware: ctxkitMiddleware({ engine, sessionId: session.id }),
    });
    expect((await generateText({ model: next, prompt: 'something else' })).text).toBe('Echo: something else');
    const stored = (await engine.openSession(session.id)).messages;
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(stored[0]).toMatchObject({ content: 'something else' });
  });

  test('generateText: the turn is committed with the usage and the ids are in the provider metadata', async () => {
    const { engine, session, model } = await setup('echo-model');
    const result = await generateText({ model, prompt: 'one shot' });
    expect(result.text).toBe('Echo: one shot');
    const stored = (await engine.openSession(session.id)).messages;
    const reply = assistants(stored)[0];
    expect(reply?.modelReply.content).toBe('Echo: one shot');
    expect(result.providerMetadata?.ctxkit).toMatchObject({ sessionId: session.id, messageId: reply?.id });
    expect((await engine.store.listUsage(session.id))[0]?.actualInputTokens).toBe(PROMPT_TOKENS);
  });

  test('an abort mid-stream rolls the turn back', async () => {
    const { engine, session, model, onCommit } = await setup('slow-model');
    const controller = new AbortController();
    const result = streamText({
      model,
      prompt: 'a long story please',
      abortSignal: controller.signal,
      onError: () => {},
    });
    const reader = result.textStream.getReader();
    await reader.read();
    expect(engine.pendingTurn(session.id)?.content).toBe('a long story please');
    controller.abort();
    await reader.cancel().catch(() => {});
    await until(() => engine.pendingTurn(session.id) === null);
    const reopened = await engine.openSession(session.id);
    expect(reopened.isTurnOpen).toBe(false);
    expect(reopened.messages).toEqual([]);
    expect(await engine.store.listUsage(session.id)).toEqual([]);
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('a reader that cancels the wrapped model’s stream (no abort signal) rolls the turn back', async () => {
    const { engine, session, model, onCommit } = await setup('slow-model');
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'another long story' }] }],
    });
    const reader = stream.getReader();
    await reader.read();
    expect(engine.pendingTurn(session.id)?.content).toBe('another long story');
    await reader.cancel();
    await until(() => engine.pendingTurn(session.id) === null);
    expect((await engine.openSession(session.id)).messages).toEqual([]);
    expect(onCommit).not.toHaveBeenCalled();
  });

  test('a model error rolls the turn back', async () => {
    const { engine, session, model } = await setup('fail-model');
    await expect(generateText({ model, prompt: 'hello', maxRetries: 0 })).rejects.toThrow(
      'the model is down',
    );
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect((await engine.openSession(session.id)).messages).toEqual([]);
    // The session takes the next message at once.
    const session2 = await engine.openSession(session.id);
    session2.rollback(await session2.prepare('again'));
  });

  test('a commit that fails rolls the turn back after generateText too: the session takes the next message', async () => {
    const { engine, session, model } = await setup('echo-model');
    vi.spyOn(engine.store, 'commitTurn').mockRejectedValueOnce(new Error('the disk is full'));
    await expect(generateText({ model, prompt: 'hello', maxRetries: 0 })).rejects.toThrow('the disk is full');
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect((await generateText({ model, prompt: 'again' })).text).toBe('Echo: again');
    expect((await engine.openSession(session.id)).messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
  });

  test('a prompt that does not end with a user message is a ValidationError naming it', async () => {
    const { engine, session, model } = await setup('echo-model');
    const error = await generateText({
      model,
      messages: [{ role: 'assistant', content: 'hi' }],
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(isCtxkitError(error, 'invalid_input') && error.issues.map((issue) => issue.path)).toEqual([
      'params.prompt[0]',
    ]);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('wrong options are a ValidationError naming each path', async () => {
    const engine = await makeEngine();
    let caught: unknown;
    try {
      ctxkitMiddleware({ engine: {}, sessionId: 3, onComit: () => {} } as never);
    } catch (error) {
      caught = error;
    }
    expect(isCtxkitError(caught, 'invalid_input')).toBe(true);
    if (!isCtxkitError(caught, 'invalid_input')) return;
    expect(caught.issues.map((issue) => issue.path)).toEqual([
      'options.onComit',
      'options.engine',
      'options.sessionId',
    ]);
    expect(caught.issues[0]?.message).toContain("did you mean 'onCommit'");
    expect(() =>
      ctxkitMiddleware({ engine, sessionId: (params) => String(params.prompt.length) }),
    ).not.toThrow();
  });
});
