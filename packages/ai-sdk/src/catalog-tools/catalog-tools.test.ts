import { createEngine, isCtxkitError } from '@ctxkit/core';
import {
  type JSONSchema7,
  jsonSchema,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { ctxkitMiddleware } from '../index.js';
import { aiMajor, chatModel } from '../test/fixtures.js';
import { catalogTools, functionNamedTools } from './index.js';

// Each project loads its major's real `ai` (vitest.majors.ts), so `tool`, `jsonSchema` and the `asSchema` the helper
// calls are that major's: AI SDK 5's schemas are synchronous, 6's and 7's may be promises.

const PATH_SCHEMA: JSONSchema7 = {
  type: 'object',
  properties: { path: { type: 'string' } },
  required: ['path'],
  additionalProperties: false,
};

function appTools(readFile = vi.fn(async ({ path }: { path: string }) => `contents of ${path}`)) {
  return {
    read_file: tool({
      description: 'Read a file',
      inputSchema: jsonSchema<{ path: string }>(PATH_SCHEMA),
      execute: readFile,
    }),
    delete_file: tool({
      description: 'Delete a file',
      inputSchema: z.object({ path: z.string() }),
      execute: async ({ path }) => `deleted ${path}`,
    }),
  };
}

async function validationIssues(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isCtxkitError(error, 'invalid_input')) return error.issues;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('catalogTools', () => {
  test(`turns AI SDK ${aiMajor()} tools (jsonSchema and zod) into catalog tools, agent by default`, async () => {
    const tools = await catalogTools(appTools());
    expect(tools).toEqual([
      {
        server: 'app',
        name: 'read_file',
        description: 'Read a file',
        inputSchema: PATH_SCHEMA,
        include: 'agent',
      },
      {
        server: 'app',
        name: 'delete_file',
        description: 'Delete a file',
        inputSchema: {
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
          additionalProperties: false,
        },
        include: 'agent',
      },
    ]);
    // What it gives is a valid catalog as it is.
    const engine = await createEngine({
      model: 'echo-model',
      contextWindow: 16_000,
      catalog: { servers: [{ name: 'app' }], tools },
    });
    expect(engine.catalog.toolByFunctionName('app__delete_file')?.include).toBe('agent');
  });

  test('a lazy schema is resolved: a function on AI SDK 5, a promise on 6 and 7', async () => {
    const lazy =
      aiMajor() === 5
        ? jsonSchema((() => PATH_SCHEMA) as never)
        : jsonSchema(Promise.resolve(PATH_SCHEMA) as never);
    const [only] = await catalogTools({ read: tool({ description: 'Read', inputSchema: lazy }) } as ToolSet);
    expect(only?.inputSchema).toEqual(PATH_SCHEMA);
  });

  test('the server, the default mode and each tool can be set', async () => {
    const tools = await catalogTools(appTools(), {
      server: 'files',
      include: 'manual',
      tools: {
        read_file: { include: 'always', examples: ['read notes.txt'], description: 'Read a text file' },
      },
    });
    expect(
      tools.map(({ server, name, include, examples, description }) => ({
        server,
        name,
        include,
        examples,
        description,
      })),
    ).toEqual([
      {
        server: 'files',
        name: 'read_file',
        include: 'always',
        examples: ['read notes.txt'],
        description: 'Read a text file',
      },
      {
        server: 'files',
        name: 'delete_file',
        include: 'manual',
        examples: undefined,
        description: 'Delete a file',
      },
    ]);
  });

  test('a tool without a description, a schema that is no schema and a bad name are named by path', async () => {
    const broken = {
      no_description: tool({ inputSchema: jsonSchema({ type: 'object' }) }),
      no_schema: { description: 'Has no schema' },
      not_a_schema: { description: 'Bad', inputSchema: 42 },
      'bad name': tool({ description: 'Spaces', inputSchema: jsonSchema({ type: 'object' }) }),
    } as unknown as ToolSet;
    const issues = await validationIssues(() => catalogTools(broken));
    expect(issues.map((issue) => issue.path)).toEqual([
      'tools.no_description.description',
      'tools.no_schema.inputSchema',
      'tools.not_a_schema.inputSchema',
      'tools.bad name',
    ]);
  });

  test('bad options are named by path', async () => {
    const issues = await validationIssues(() =>
      catalogTools(appTools(), {
        server: 'a:b',
        include: 'sometimes',
        tools: { read_fil: {}, delete_file: { include: 'never' } },
      } as never),
    );
    expect(issues.map((issue) => issue.path)).toEqual([
      'options.server',
      'options.include',
      'options.tools.read_fil',
      'options.tools.delete_file.include',
    ]);
  });
});

describe('the round trip: AI SDK tools → catalog → plan → request', () => {
  test("the request carries exactly the plan's tools, and the app's execute runs", async () => {
    const readFile = vi.fn(async ({ path }: { path: string }) => `contents of ${path}`);
    const tools = appTools(readFile);
    const engine = await createEngine({
      model: 'echo-model',
      contextWindow: 16_000,
      reservedOutput: 1_000,
      recall: false,
      catalog: {
        servers: [{ name: 'files' }],
        // delete_file waits for the user to add it, so the plan leaves it out.
        tools: await catalogTools(tools, {
          server: 'files',
          tools: { read_file: { include: 'always' }, delete_file: { include: 'manual' } },
        }),
      },
    });

    const planned = await engine.createSession();
    const turn = await planned.prepare('read my notes');
    expect(turn.request.tools?.map((definition) => definition.function.name)).toEqual(['files__read_file']);
    await planned.rollback(turn);

    const session = await engine.createSession();
    const seen = vi.fn();
    const result = streamText({
      model: wrapLanguageModel({
        model: wrapLanguageModel({
          model: chatModel('tool-model'),
          // Inner to ctxkit's: sees the call as the provider gets it.
          middleware: {
            transformParams: async ({ params }) => {
              seen(params.tools);
              return params;
            },
          },
        }),
        middleware: ctxkitMiddleware({ engine, sessionId: session.id }),
      }),
      messages: [{ role: 'user', content: 'read my notes' }],
      tools: functionNamedTools(tools, { server: 'files' }),
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe('The file says: contents of notes.txt');
    expect(readFile).toHaveBeenCalledWith({ path: 'notes.txt' }, expect.anything());
    for (const [given] of seen.mock.calls) {
      expect((given as { name: string }[]).map((definition) => definition.name)).toEqual([
        'files__read_file',
      ]);
    }
    expect(seen).toHaveBeenCalledTimes(2);
  });

  test('functionNamedTools keys the tools as providers see them, each tool unchanged', () => {
    const tools = appTools();
    const named = functionNamedTools(tools);
    expect(Object.keys(named)).toEqual(['app__read_file', 'app__delete_file']);
    expect(named.app__read_file).toBe(tools.read_file);
  });
});
