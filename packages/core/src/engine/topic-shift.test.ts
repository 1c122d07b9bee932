import { describe, expect, test } from 'vitest';
import type { CatalogInput } from '../catalog/index.js';
import type { ContextPlan } from '../planner/index.js';
import { createApproximateCounter } from '../tokens/index.js';
import { createEngine } from './engine.js';
import type { Session } from './session.js';

// The demo's catalog, in part: a database subject and a code-style subject.
const catalog: CatalogInput = {
  rules: [
    {
      name: 'Database migrations',
      description: 'Changing the database schema: tables, columns, indexes',
      content: 'Migrations are forward only.',
      include: 'agent',
    },
    {
      name: 'Performance',
      description: 'Speed, latency, caching and slow queries',
      content: 'Measure first.',
      include: 'agent',
    },
    {
      name: 'Code review',
      description: 'Reviewing pull requests and commit messages',
      content: 'Small pull requests.',
      include: 'agent',
    },
    {
      name: 'Internationalization',
      description: 'Translations, locales, dates and number formats',
      content: 'Use Intl.',
      include: 'agent',
    },
    {
      name: 'Testing',
      description: 'Unit tests, end-to-end tests, fixtures and flaky tests',
      content: 'Test behaviour.',
      include: 'agent',
    },
  ],
  references: [
    {
      name: 'Database schema',
      description: 'Tables of the database: users, projects, invoices',
      content: 'CREATE TABLE invoices (id TEXT);',
      include: 'agent',
    },
    {
      name: 'AuthService',
      description: 'The authentication service: login, sessions and tokens',
      content: 'class AuthService {}',
      include: 'agent',
    },
  ],
  servers: [{ name: 'database' }],
  tools: [
    {
      server: 'database',
      name: 'run_query',
      description: 'Run a read-only SQL query on the database',
      inputSchema: { type: 'object' },
      include: 'agent',
    },
    {
      server: 'database',
      name: 'describe_table',
      description: 'Show the columns and indexes of a database table',
      inputSchema: { type: 'object' },
      include: 'agent',
    },
  ],
};

const DATABASE = 'Which database table holds the invoices, and what are its columns?';
const CODE_STYLE = 'How should I name functions and format my code?';

async function engine() {
  let id = 0;
  return createEngine({
    catalog,
    model: 'test-model',
    contextWindow: 8_000,
    tokenizer: createApproximateCounter(),
    learning: false,
    newId: () => `id-${++id}`,
  });
}

const agentOf = (plan: ContextPlan) =>
  plan.included.filter((entry) => entry.reason.code === 'agent').map((entry) => entry.candidate.id);

/** The database question, answered with a call to run_query. */
async function askDatabase(session: Session): Promise<void> {
  const turn = await session.prepare(DATABASE);
  expect(agentOf(turn.plan)).toContain('tool:database:describe_table');
  const called = await session.continue(
    turn,
    {
      content: '',
      toolCalls: [{ id: 'q', name: 'database__describe_table', arguments: { table: 'invoices' } }],
    },
    [{ toolCallId: 'q', content: 'invoices(id, total_cents)' }],
  );
  await session.commit(called, 'The invoices table: id and total_cents, per the Database schema.');
}

async function sentFor(session: Session, message: string): Promise<ContextPlan> {
  const turn = await session.prepare(message);
  session.rollback(turn);
  return turn.plan;
}

describe('following the user when the topic changes', () => {
  test('a question on a new subject gets what it gets when asked alone, and none of the old subject', async () => {
    const shared = await engine();
    const session = await shared.createSession();
    await askDatabase(session);
    const after = agentOf(await sentFor(session, CODE_STYLE));
    const alone = agentOf(await sentFor(await shared.createSession(), CODE_STYLE));
    expect(after).toEqual(alone);
    expect(after).toContain('rule:Code review');
    for (const old of [
      'rule:Database migrations',
      'reference:Database schema',
      'tool:database:describe_table',
    ])
      expect(after).not.toContain(old);
  });

  test('activation does not rank for a message that moved on, and does for one that follows up', async () => {
    const session = await (await engine()).createSession();
    await askDatabase(session);
    const moved = await sentFor(session, CODE_STYLE);
    expect(moved.included.some((entry) => entry.reason.code === 'agent' && entry.reason.activation)).toBe(
      false,
    );
    const followUp = await sentFor(session, 'And the columns of that table?');
    const query = followUp.included.find((entry) => entry.candidate.id === 'tool:database:describe_table');
    expect(query?.reason).toMatchObject({ code: 'agent', activation: expect.any(Number) });
  });

  test('a follow-up keeps its context: "Working on AuthService", then "Now I need to add validation"', async () => {
    const session = await (await engine()).createSession();
    await session.commit(await session.prepare('Working on AuthService'), 'Sure, what do you need?');
    const plan = await sentFor(session, 'Now I need to add validation');
    const auth = plan.included.find((entry) => entry.candidate.id === 'reference:AuthService');
    // The plan says where it came from: the previous message, which this one follows up.
    expect(auth?.reason).toMatchObject({ code: 'agent', carried: { relation: 'follow-up', age: 1 } });
  });
});
