import { Chat } from '@ai-sdk/react';
import { createEngine, type JsonObject } from '@ctxkit/core';
import { tool } from 'ai';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { type CtxkitToolCall, type CtxkitUIMessage, createCtxkitTransport } from '../index.js';
import { model, until } from '../test/fixtures.js';
import { catalogTools, toolRunnerOf } from './index.js';

const signal = new AbortController().signal;

function call(functionName: string, input: JsonObject): CtxkitToolCall {
  const [serverName, toolName] = functionName.split('__');
  return { toolCallId: 'call-1', functionName, serverName, toolName, input };
}

describe('toolRunnerOf', () => {
  test("the transport runs the app's execute for the tool the plan offered and the model called", async () => {
    const execute = vi.fn(async ({ path }: { path: string }) => `contents of ${path}`);
    const tools = {
      read_file: tool({ description: 'Read a file', inputSchema: z.object({ path: z.string() }), execute }),
    };
    const engine = await createEngine({
      model: 'echo-model',
      contextWindow: 16_000,
      reservedOutput: 1_000,
      recall: false,
      catalog: {
        servers: [{ name: 'files' }],
        tools: await catalogTools(tools, { server: 'files', include: 'always' }),
      },
    });
    const session = await engine.createSession();
    const chat = new Chat<CtxkitUIMessage>({
      transport: createCtxkitTransport({
        engine,
        sessionId: session.id,
        model: model('tool-model'),
        runTool: toolRunnerOf(tools, { server: 'files' }),
      }),
    });
    await chat.sendMessage({ text: 'read my notes' });
    await until(() => chat.status === 'ready');

    expect(execute).toHaveBeenCalledWith(
      { path: 'notes.txt' },
      expect.objectContaining({ toolCallId: expect.any(String), abortSignal: expect.any(AbortSignal) }),
    );
    const stored = (await engine.openSession(session.id)).messages;
    expect(stored[2]).toMatchObject({ role: 'tool', content: 'contents of notes.txt' });
  });

  test('the schema checks the arguments first, and its transforms reach execute', async () => {
    const execute = vi.fn(async ({ name }: { name: string }) => `hello ${name}`);
    const run = toolRunnerOf({
      greet: tool({ description: 'Greet', inputSchema: z.object({ name: z.string().trim() }), execute }),
    });
    expect(await run(call('app__greet', { name: '  Ada ' }), { abortSignal: signal })).toBe('hello Ada');
    await expect(run(call('app__greet', { name: 42 }), { abortSignal: signal })).rejects.toThrow();
    expect(execute).toHaveBeenCalledTimes(1);
  });

  test('a streaming tool gives its last value; an unknown tool or one without execute is an error', async () => {
    const run = toolRunnerOf({
      progress: tool({
        description: 'Counts',
        inputSchema: z.object({}),
        async *execute() {
          yield 'working';
          yield 'done';
        },
      }),
      client_side: tool({ description: 'Runs in the page', inputSchema: z.object({}) }),
    });
    expect(await run(call('app__progress', {}), { abortSignal: signal })).toBe('done');
    await expect(run(call('app__client_side', {}), { abortSignal: signal })).rejects.toThrow(
      "No tool of the app runs 'app__client_side'.",
    );
    await expect(run(call('other__progress', {}), { abortSignal: signal })).rejects.toThrow(
      /other__progress/,
    );
  });
});
