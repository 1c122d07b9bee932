import type { CatalogInput } from '@ctxkit/core';
import { demoToolCatalog } from '../tools/index.js';

// The demo's catalog: what a small web team's coding assistant might know. Include modes are mixed on purpose so
// that every route into a plan shows up: `always` items start in every session, `manual` ones wait for the user
// (the context picker), and `agent` ones are chosen per message by retrieval, so they change from one message to the
// next. Tools come from three MCP servers: `filesystem` defaults its tools to `agent` with two tool-level overrides,
// `database` declares no default (so its tools would be `always`) and overrides three of its four tools. Those two
// are descriptions only; `demo` holds the tools the demo runs (src/tools), all `always`: they are small, and word
// retrieval cannot tell that "what is 17 * 23?" wants a calculator, while a tool left out of a request cannot be
// called.

const object = (
  properties: Record<string, { type: string; description?: string }>,
  required: string[] = [],
) => ({
  type: 'object',
  properties,
  required,
});

export const demoCatalog: CatalogInput = {
  rules: [
    {
      name: 'Tone',
      description: 'How to answer: briefly, plainly, with the reason first',
      content: 'Answer in a few sentences. Give the reason before the detail. No marketing words.',
      include: 'always',
    },
    {
      name: 'Security',
      description: 'Secrets, tokens and credentials',
      content:
        'Never print secrets, API keys or tokens. Check the session token on every request. Rotate keys that leaked.',
      include: 'always',
    },
    {
      name: 'Error handling',
      description: 'Typed errors that say what failed and where',
      content: 'Throw typed errors that name what failed and where. Never swallow an error; log it once.',
      include: 'manual',
    },
    {
      name: 'Testing',
      description: 'Unit tests, end-to-end tests, fixtures and flaky tests',
      content: 'Every change comes with a test that would fail without it. Use real parts, not mocks.',
      include: 'agent',
    },
    {
      name: 'File operations',
      description: 'Reading and writing files safely on disk',
      content: 'Write files atomically: write a temporary file, then rename it over the old one.',
      include: 'agent',
    },
    {
      name: 'Database migrations',
      description: 'Changing the database schema: tables, columns, indexes',
      content:
        'Migrations are forward-only and run in a transaction. Add columns nullable, backfill, then constrain.',
      include: 'agent',
    },
    {
      name: 'Logging',
      description: 'How to log requests and errors',
      content: 'Log one line per request with its id and duration, never secrets or personal data.',
      include: 'agent',
    },
    {
      name: 'Accessibility',
      description: 'Keyboard use, screen readers, contrast and focus in the UI',
      content: 'Every control is reachable by keyboard, has a name, and shows its focus. Check with axe.',
      include: 'agent',
    },
    {
      name: 'Performance',
      description: 'Speed, latency, caching and slow queries',
      content:
        'Measure before optimising: medians over several runs. Cache what is read often and changes rarely.',
      include: 'agent',
    },
    {
      name: 'Dependencies',
      description: 'Adding, upgrading and pinning packages',
      content: 'Add a dependency only when it saves real work. Pin exact versions and read the changelog.',
      include: 'agent',
    },
    {
      name: 'Code review',
      description: 'Reviewing pull requests and commit messages',
      content: 'Small pull requests, one idea each. Commit messages say why, not what.',
      include: 'agent',
    },
    {
      name: 'Internationalization',
      description: 'Translations, locales, dates and number formats',
      content:
        'Never concatenate translated strings. Format dates and numbers with Intl for the user locale.',
      include: 'agent',
    },
  ],
  references: [
    {
      name: 'API documentation',
      description: 'HTTP endpoints of the app: users, projects, invoices',
      content:
        'GET /users lists users. POST /users creates one (name, email). GET /projects/:id returns a project with its invoices. POST /invoices/:id/send emails an invoice.',
      include: 'agent',
    },
    {
      name: 'Database schema',
      description: 'Tables of the database: users, projects, invoices',
      content:
        'CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT UNIQUE, name TEXT);\nCREATE TABLE projects (id TEXT PRIMARY KEY, owner_id TEXT REFERENCES users(id));\nCREATE TABLE invoices (id TEXT PRIMARY KEY, project_id TEXT REFERENCES projects(id), total_cents INTEGER, sent_at TEXT);',
      include: 'agent',
    },
    {
      name: 'Deployment runbook',
      description: 'Releasing, rolling back and checking a deploy',
      content:
        'Deploy with `make release`. Watch the error rate for ten minutes. Roll back with `make rollback`.',
      include: 'manual',
    },
    {
      name: 'Style guide',
      description: 'Naming and formatting of code',
      content: 'Names explain themselves. Small functions. Comments say why, not what.',
      include: 'manual',
    },
  ],
  servers: [
    { name: 'filesystem', description: 'Files of the project', include: 'agent' },
    { name: 'database', description: 'The app database (read-only replica)' },
    demoToolCatalog.server,
  ],
  tools: [
    {
      server: 'filesystem',
      name: 'read_file',
      description: 'Read a file from disk by its path',
      inputSchema: object({ path: { type: 'string' } }, ['path']),
    },
    {
      server: 'filesystem',
      name: 'write_file',
      description: 'Write text to a file on disk',
      inputSchema: object({ path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
    },
    {
      server: 'filesystem',
      name: 'search_files',
      description: 'Search file contents for a pattern',
      inputSchema: object({ pattern: { type: 'string' } }, ['pattern']),
    },
    {
      server: 'filesystem',
      name: 'list_directory',
      description: 'List the files of a directory',
      inputSchema: object({ path: { type: 'string' } }),
      include: 'always',
    },
    {
      server: 'filesystem',
      name: 'delete_file',
      description: 'Delete a file from disk',
      inputSchema: object({ path: { type: 'string' } }, ['path']),
      include: 'manual',
    },
    {
      server: 'database',
      name: 'run_query',
      description: 'Run a read-only SQL query on the database',
      inputSchema: object({ sql: { type: 'string' } }, ['sql']),
      include: 'agent',
    },
    {
      server: 'database',
      name: 'describe_table',
      description: 'Show the columns and indexes of a database table',
      inputSchema: object({ table: { type: 'string' } }, ['table']),
      include: 'agent',
    },
    {
      server: 'database',
      name: 'explain_query',
      description: 'Show the query plan of a slow SQL query',
      inputSchema: object({ sql: { type: 'string' } }, ['sql']),
      include: 'agent',
    },
    {
      server: 'database',
      name: 'list_tables',
      description: 'List the tables of the database',
      inputSchema: object({}),
    },
    ...demoToolCatalog.tools,
  ],
};
