import type { CatalogInput } from '../catalog/index.js';
import type { ContextPlan } from '../planner/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { createApproximateCounter, type TokenCounter } from '../tokens/index.js';
import { createEngine, type Engine, type EngineOptions } from './engine.js';

/** A small catalog with every include mode, two MCP servers and a server-level default. */
export const demoCatalog: CatalogInput = {
  rules: [
    { name: 'Authentication', content: 'Check the session token on every request.', include: 'always' },
    { name: 'Error handling', content: 'Return typed errors that name what failed.', include: 'manual' },
    {
      name: 'File operations',
      description: 'Reading and writing files safely',
      content: 'Write files atomically: write a temporary file, then rename it.',
      include: 'agent',
    },
  ],
  references: [
    { name: 'API documentation', content: 'GET /users returns the users.', include: 'always' },
    {
      name: 'Database schema',
      description: 'Tables of the database: users, sessions',
      content: 'CREATE TABLE users (id TEXT PRIMARY KEY);',
      include: 'agent',
    },
  ],
  servers: [{ name: 'filesystem', include: 'agent' }, { name: 'database' }],
  tools: [
    {
      server: 'filesystem',
      name: 'read_file',
      description: 'Read a file from disk',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
    {
      server: 'filesystem',
      name: 'list_dir',
      description: 'List a directory',
      inputSchema: { type: 'object' },
      include: 'manual',
    },
    {
      server: 'database',
      name: 'query',
      description: 'Run a SQL query on the database',
      inputSchema: { type: 'object' },
    },
  ],
};

/** A deterministic engine: approximate token counts, a fixed clock, sequential ids. */
export function testEngine<R = OpenAIChatRequest>(
  overrides: Partial<EngineOptions<R>> & { counter?: TokenCounter } = {},
): Promise<Engine<R>> {
  let id = 0;
  const { counter, ...options } = overrides;
  // Without `render`, R is its default (OpenAI requests), which is what createEngine then renders.
  return createEngine<R>({
    catalog: demoCatalog,
    model: 'test-model',
    contextWindow: 8_000,
    reservedOutput: 1_000,
    tokenizer: counter ?? createApproximateCounter(),
    now: () => new Date(Date.UTC(2026, 0, 1)),
    newId: () => `id-${++id}`,
    ...options,
  } as EngineOptions<R> & { readonly render: (plan: ContextPlan) => R });
}
