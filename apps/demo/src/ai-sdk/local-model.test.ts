import { createCtxkitTransport } from '@ctxkit/ai-sdk';
import type { OpenAIChatRequest, PreparedTurn, TokenCounter } from '@ctxkit/core';
import { jsonSchema, type ModelMessage, streamText, type Tool, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { runToolCall } from '../tools/index.js';
import { createLocalModel, readPrompt } from './local-model.js';

// The local model driven through the AI SDK's real `streamText` (and once through ctxkit's transport), on requests
// the real planner made for the demo's catalog.

/** One token per character, so the usage report can be checked exactly. */
const perChar: TokenCounter = { encoding: 'chars', count: (text) => text.length };

/** ctxkit's planned request as the AI SDK's messages and tools, as the transport passes them. */
function modelInput(request: OpenAIChatRequest) {
  const messages: ModelMessage[] = request.messages.map((message): ModelMessage => {
    if (message.role === 'system') return { role: 'system', content: message.content };
    if (message.role === 'user')
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part) => ({ type: 'text', text: part.type === 'text' ? part.text : '' })),
      };
    if (message.role === 'assistant') return { role: 'assistant', content: message.content ?? '' };
    return {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: message.tool_call_id,
          toolName: 'unknown',
          output: { type: 'text', value: message.content },
        },
      ],
    };
  });
  const tools: Record<string, Tool> = {};
  for (const tool of request.tools ?? [])
    tools[tool.function.name] = {
      description: tool.function.description,
      inputSchema: jsonSchema(tool.function.parameters),
    };
  return { messages, tools };
}

async function prepared(text: string, mode: 'light' | 'heavy' = 'light'): Promise<PreparedTurn> {
  const engine = await testEngine();
  const session = await engine.createSession();
  await session.setMode(mode);
  return session.prepare(text);
}

const itemName = (item: PreparedTurn['requestContext']['items'][number]) =>
  item.type === 'tool' ? `${item.serverName}:${item.name}` : `${item.name} (${item.type})`;

describe('the local model through streamText', () => {
  it('streams a reply naming what the planned request gave it, and reports the usage it counted', async () => {
    // Heavy mode sends every item in full (light mode sends agent items as cards, read below).
    const turn = await prepared('Which database table holds the invoices?', 'heavy');
    const { messages, tools } = modelInput(turn.request);
    const result = streamText({
      model: createLocalModel({ chunkDelayMs: 0, counter: perChar }),
      messages,
      allowSystemInMessages: true,
      tools,
    });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    const reply = chunks.join('');
    expect(chunks.length).toBeGreaterThan(10);
    expect(reply).toMatch(/^\*Local model \(offline, through the AI SDK\)\.\* You asked: “Which database/);

    // Every item of the plan is named, on the line of where it came: steady items in the system prompt, the
    // agent-chosen ones next to the message.
    const lines = reply.split('\n');
    const systemLine = lines.find((line) => line.startsWith('- **In the system prompt')) ?? '';
    const messageLine = lines.find((line) => line.startsWith('- **With your message')) ?? '';
    const toolsLine = lines.find((line) => line.startsWith('- **Tools')) ?? '';
    const items = turn.requestContext.items;
    const chosen = items.filter((item) => item.type !== 'tool' && item.includeMode === 'agent');
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.some((item) => item.type === 'reference')).toBe(true);
    for (const item of items) {
      if (item.type === 'tool') expect(toolsLine).toContain(itemName(item));
      else if (item.includeMode === 'agent') expect(messageLine).toContain(itemName(item));
      else expect(systemLine).toContain(itemName(item));
    }
    expect(systemLine).toContain(`(${items.filter((i) => i.type !== 'tool').length - chosen.length})`);
    expect(toolsLine).toContain(`(${turn.request.tools?.length})`);
    expect(reply).toMatch(/\nChosen for this message, \*\*[^*]+\*\*: \S/);

    // Usage: what it counted, the prompt in and the reply out.
    const usage = await result.totalUsage;
    expect(usage.outputTokens).toBe(reply.length);
    const promptChars = JSON.stringify(turn.request.messages).length;
    expect(usage.inputTokens).toBeGreaterThan(promptChars / 2);
    expect(await result.finishReason).toBe('stop');
    expect((await result.response).modelId).toBe('ctxkit-local-responder');
  });

  it('reads the cards light mode sends with the message as items chosen for it', async () => {
    const turn = await prepared('Which database table holds the invoices?');
    const cards = turn.plan.included.filter(
      ({ reason }) => reason.code === 'agent' && reason.form === 'card',
    );
    expect(cards.length).toBeGreaterThan(0);
    const { messages } = modelInput(turn.request);
    const reading = readPrompt({ prompt: messages as never });
    const chosen = reading.items.filter((item) => item.place === 'message').map((item) => item.name);
    expect(chosen).toContain('Database schema');
    const schema = reading.items.find((item) => item.name === 'Database schema');
    expect(schema?.content).toMatch(/^Tables of the database/);
  });

  it('reads earlier turns as history', async () => {
    const reading = readPrompt({
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'first' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'one' }] },
        { role: 'user', content: [{ type: 'text', text: 'second' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
        { role: 'user', content: [{ type: 'text', text: 'third' }] },
      ],
    });
    expect(reading.question).toBe('third');
    expect(reading.historyTurns).toBe(2);
  });

  it("reads this turn's tool calls and results, also with the workspace message after them", () => {
    const reading = readPrompt({
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'What time is it?' }] },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'demo__current_time', input: {} }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'demo__current_time',
              output: { type: 'error-text', value: 'The user did not allow this call.' },
            },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: '<workspace>notes</workspace>' }] },
      ],
    });
    expect(reading.question).toBe('What time is it?');
    expect(reading.historyTurns).toBe(0);
    expect(reading.exchanges).toEqual([
      {
        call: { id: 'c1', name: 'demo__current_time', arguments: {} },
        result: 'The user did not allow this call.',
      },
    ]);
  });

  it('calls the calculator when asked and offered, and answers from its result in the next call', async () => {
    const turn = await prepared('What is 17 * 23?');
    const { messages, tools } = modelInput(turn.request);
    expect(Object.keys(tools)).toContain('demo__calculator');
    const model = createLocalModel({ chunkDelayMs: 0, newCallId: () => 'call_7' });
    const first = streamText({ model, messages, allowSystemInMessages: true, tools });
    expect(await first.text).toBe('');
    expect(await first.finishReason).toBe('tool-calls');
    const calls = await first.toolCalls;
    expect(calls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ['call_7', 'demo__calculator', { expression: '17 * 23' }],
    ]);

    const second = streamText({
      model,
      messages: [
        ...messages,
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'call_7',
              toolName: 'demo__calculator',
              input: { expression: '17 * 23' },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_7',
              toolName: 'demo__calculator',
              output: { type: 'text', value: '391' },
            },
          ],
        },
      ],
      allowSystemInMessages: true,
      tools,
    });
    const text = await second.text;
    expect(text.startsWith('17 * 23 = **391** (worked out by demo:calculator).')).toBe(true);
    expect(text).toContain('You asked: “What is 17 * 23?”');
    expect(await second.toolCalls).toEqual([]);
  });

  it('answers in text when the tool is not offered', async () => {
    const turn = await prepared('What is 17 * 23?');
    const { messages } = modelInput(turn.request);
    const result = streamText({
      model: createLocalModel({ chunkDelayMs: 0 }),
      messages,
      allowSystemInMessages: true,
    });
    expect(await result.text).toContain('- **Tools (0):** none.');
    expect(await result.toolCalls).toEqual([]);
  });

  it('stops streaming when the call is aborted', async () => {
    const turn = await prepared('Which database table holds the invoices?');
    const model = createLocalModel({ chunkDelayMs: 5 });
    const abort = new AbortController();
    const { messages } = modelInput(turn.request);
    const result = streamText({ model, messages, allowSystemInMessages: true, abortSignal: abort.signal });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      seen.push(part.type);
      if (part.type === 'text-delta' && seen.filter((type) => type === 'text-delta').length === 2)
        abort.abort();
    }
    expect(seen.filter((type) => type === 'text-delta')).toHaveLength(2);
    expect(seen).toContain('abort');
    expect(seen).not.toContain('finish');

    // The model itself stops, mid-pause: its own stream fails with the abort as soon as the signal fires.
    const slow = createLocalModel({ chunkDelayMs: 60_000 });
    const stop = new AbortController();
    const { stream } = await slow.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
      abortSignal: stop.signal,
    });
    const reader = stream.getReader();
    const types: string[] = [];
    for (;;) {
      const next = await reader.read();
      types.push(next.value?.type ?? 'done');
      if (next.value?.type === 'text-start') break;
    }
    const reason = new Error('stopped');
    const started = Date.now();
    setTimeout(() => stop.abort(reason), 20);
    await expect(reader.read()).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(types).toEqual(['stream-start', 'response-metadata', 'text-start']);
  });
});

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('the local model behind createCtxkitTransport', () => {
  it('answers a message, runs the calculator through runTool, and the turn is committed with its usage', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const transport = createCtxkitTransport({
      engine,
      sessionId: session.id,
      model: createLocalModel({ chunkDelayMs: 0, counter: perChar }),
      runTool: (call) => {
        const outcome = runToolCall({ name: call.functionName, arguments: call.input });
        if (outcome.isError) throw new Error(outcome.content);
        return outcome.content;
      },
    });
    const chunks = await readAll(
      await transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'chat',
        messageId: undefined,
        abortSignal: undefined,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is 17 * 23?' }] }],
      }),
    );
    const text = chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');
    expect(text.startsWith('17 * 23 = **391** (worked out by demo:calculator).')).toBe(true);
    expect(chunks.some((chunk) => chunk.type === 'tool-output-available' && chunk.output === '391')).toBe(
      true,
    );
    const finish = chunks.find((chunk) => chunk.type === 'finish');
    const ids = (finish?.type === 'finish' && finish.messageMetadata) as {
      ctxkit: { messageId: string; planId: string };
    };
    const reopened = await engine.openSession(session.id);
    const stored = reopened.messages.find((message) => message.id === ids.ctxkit.messageId);
    expect(stored?.role === 'assistant' && stored.modelReply.content).toBe(text);
    expect(reopened.messages.some((message) => message.role === 'tool' && message.content === '391')).toBe(
      true,
    );
    // The usage the model reported for each of the turn's two calls reached the store: the final call's with its
    // reply (one token a character), counted by the model and not estimated.
    const reports = await engine.store.listUsage(session.id);
    expect(reports).toHaveLength(2);
    const last = reports.find((report) => report.planId === ids.ctxkit.planId);
    expect(last?.outputTokens).toBe(text.length);
    expect(last?.actualInputTokens).toBeGreaterThan(0);
    expect(last?.actualInputTokens).not.toBe(last?.estimatedInputTokens);
  });
});
