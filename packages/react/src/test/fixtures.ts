// Real core data for stories and tests: an engine on a MemoryStore with deterministic ids, clock and token counts,
// and sessions built through the public API (prepare, commit, pin), so every plan is one the planner made.
import {
  type CatalogInput,
  createApproximateCounter,
  createEngine,
  type Engine,
  type EngineOptions as EngineCreateOptions,
  type LoadedSession,
  MemoryStore,
  type SessionRecord,
  type Store,
  type StoredPlan,
} from '@ctxkit/core';

export const kitCatalog: CatalogInput = {
  rules: [
    { name: 'Authentication Rules', content: 'Check the session token on every request.', include: 'always' },
    {
      name: 'Error Handling',
      content: 'Return typed errors that name what failed and where.',
      include: 'manual',
    },
    {
      name: 'File Operations',
      description: 'Reading and writing files safely on disk',
      content: 'Write files atomically: write a temporary file, then rename it over the old one.',
      include: 'agent',
    },
    {
      name: 'Logging',
      description: 'How to log requests and errors',
      content: 'Log one line per request with its id, never secrets.',
      include: 'agent',
    },
  ],
  references: [
    {
      name: 'API Documentation',
      content: 'GET /users returns the users. POST /users creates one.',
      include: 'always',
    },
    {
      name: 'Database Schema',
      description: 'Tables of the database: users, sessions, files',
      content: 'CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT); CREATE TABLE files (path TEXT);',
      include: 'agent',
    },
    {
      name: 'Style Guide',
      content: 'Prefer small functions with names that explain themselves.',
      include: 'manual',
    },
  ],
  servers: [{ name: 'filesystem', include: 'agent' }, { name: 'database' }],
  tools: [
    {
      server: 'filesystem',
      name: 'read_file',
      description: 'Read a file from disk by its path',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
    {
      server: 'filesystem',
      name: 'write_file',
      description: 'Write a file to disk',
      inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } },
    },
    {
      server: 'filesystem',
      name: 'delete_file',
      description: 'Delete a file from disk',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
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
      inputSchema: { type: 'object', properties: { sql: { type: 'string' } } },
    },
  ],
};

const LONG = 'an-exceptionally-long-identifier-that-keeps-going-without-spaces-to-test-wrapping';

/** A catalog of 200 items (long names among them) for the picker and for long lists. */
export function largeCatalog(count = 200): CatalogInput {
  const rules = Array.from({ length: count / 2 }, (_, i) => ({
    name:
      i % 17 === 0
        ? `Rule ${i} ${LONG}`
        : `Rule ${i}: ${['naming', 'errors', 'files', 'tests', 'logging'][i % 5]}`,
    description: `Guidance number ${i} about ${['naming', 'errors', 'files', 'tests', 'logging'][i % 5]}`,
    content: `Rule ${i} says: ${'keep it simple. '.repeat(1 + (i % 4))}`,
    include: (['always', 'manual', 'agent'] as const)[i % 3 === 0 ? 0 : i % 3 === 1 ? 1 : 2],
  }));
  const references = Array.from({ length: count / 2 }, (_, i) => ({
    name: `Reference ${i}`,
    description: `Document ${i} on ${['the API', 'the schema', 'deployment', 'the UI'][i % 4]}`,
    content: `Reference ${i}: ${'details. '.repeat(2 + (i % 5))}`,
    include: i % 10 === 0 ? ('always' as const) : ('agent' as const),
  }));
  return { rules, references };
}

export interface EngineOptions {
  readonly catalog?: CatalogInput;
  readonly contextWindow?: number;
  readonly reservedOutput?: number;
  readonly store?: Store;
  /** Engines sharing one database (two tabs) need ids that cannot collide. */
  readonly idPrefix?: string;
  readonly modeLimits?: EngineCreateOptions<unknown>['modeLimits'];
  /** A selector of the test's own (one whose queries embed, for query clusters). */
  readonly selector?: EngineCreateOptions<unknown>['selector'];
}

/** A deterministic engine: approximate token counts, a fixed clock, sequential ids. */
export function kitEngine({
  catalog = kitCatalog,
  contextWindow = 8_000,
  reservedOutput = 1_000,
  store = new MemoryStore(),
  idPrefix = 'id',
  modeLimits,
  selector,
}: EngineOptions = {}): Promise<Engine> {
  let id = 0;
  let minute = 0;
  return createEngine({
    catalog,
    model: 'test-model',
    contextWindow,
    reservedOutput,
    store,
    tokenizer: createApproximateCounter(),
    systemPrompt: { global: 'You are a careful assistant for a web app.' },
    now: () => new Date(Date.UTC(2026, 0, 1, 12, minute++)),
    newId: () => `${idPrefix}-${++id}`,
    ...(modeLimits && { modeLimits }),
    ...(selector && { selector }),
  });
}

export interface Conversation {
  readonly engine: Engine;
  readonly sessionId: string;
  /** The latest reply, with a request context whose plan has every include mode, pins and history. */
  readonly replyId: string;
  readonly firstReplyId: string;
}

/**
 * A session with two committed turns: a manual item, a sticky item pin, a leased card, an ephemeral item pin, and a
 * second question that retrieval answers with agent items. Usage was reported for the second reply.
 */
export async function conversation(options: EngineOptions = {}): Promise<Conversation> {
  const engine = await kitEngine(options);
  const session = await engine.createSession({ title: 'Files' });
  await session.addItem({ type: 'reference', name: 'Style Guide' });
  await session.addItem({ type: 'tool', name: 'list_dir', serverName: 'filesystem' });
  const first = await session.prepare('How should errors be reported by the API?');
  const firstCommit = await session.commit(first, 'Return typed errors that say what failed and where.');
  await session.pin({ kind: 'item', ref: { type: 'rule', name: 'Error Handling' } });
  await session.pin(
    { kind: 'card', title: 'Goal: atomic writes', text: 'Every file write goes through a rename.' },
    { kind: 'leased', lease: { kind: 'turns', turns: 3 } },
  );
  await session.pin(
    { kind: 'item', ref: { type: 'reference', name: 'Database Schema' } },
    { kind: 'ephemeral' },
  );
  const second = await session.prepare('How do I read a file from disk and write the file safely?');
  const secondCommit = await session.commit(
    second,
    'Use read_file, then write to a temporary file and rename it.',
    { inputTokens: second.plan.budget.used + 37, outputTokens: 21 },
  );
  return {
    engine,
    sessionId: session.id,
    replyId: secondCommit.assistantMessage.id,
    firstReplyId: firstCommit.assistantMessage.id,
  };
}

/** A session whose one reply was written before context tracking: it has no request context. */
export async function legacyConversation(): Promise<Conversation> {
  const engine = await kitEngine();
  const now = '2025-06-01T10:00:00.000Z';
  const record: SessionRecord = {
    id: 'legacy',
    title: 'Old chat',
    createdAt: now,
    updatedAt: now,
    contextItems: [],
    pins: [],
    mode: null,
    taskId: null,
    workspace: null,
    turnCount: 1,
  };
  await engine.store.createSession({ ...record, turnCount: 0 });
  await engine.store.commitTurn({
    session: record,
    messages: [
      { id: 'legacy-user', role: 'user', content: 'Hello from last year', createdAt: now },
      { id: 'legacy-reply', role: 'assistant', modelReply: { content: 'Hello!' }, createdAt: now },
    ],
    plans: [],
    usage: [],
    retrievalSets: [],
  });
  return { engine, sessionId: record.id, replyId: 'legacy-reply', firstReplyId: 'legacy-reply' };
}

/** A store whose reads never finish: components stay in their loading state. */
export class PendingStore extends MemoryStore {
  override loadSession(): Promise<LoadedSession | undefined> {
    return new Promise(() => {});
  }
}

/** A store whose stored plans cannot be read back (a record another version wrote, say). */
export class PlanlessStore extends MemoryStore {
  override getPlan(): Promise<StoredPlan | undefined> {
    return Promise.reject(new Error('The plan record is corrupt'));
  }
}

/** A store whose reads fail, as a broken database would. */
export class FailingStore extends MemoryStore {
  override loadSession(): Promise<LoadedSession | undefined> {
    return Promise.reject(new Error('The database could not be opened'));
  }
}

/**
 * An engine whose store reads hang or fail, and the id of a session in that store. The session was created by
 * another engine, so this one must read it from the store too (as after a reload).
 */
export async function brokenEngine(
  kind: 'pending' | 'failing',
): Promise<{ engine: Engine; sessionId: string }> {
  const store = kind === 'pending' ? new PendingStore() : new FailingStore();
  const session = await (await kitEngine({ store })).createSession();
  return { engine: await kitEngine({ store }), sessionId: session.id };
}

/** A reply whose request carried every item of a 200-item catalog (some with very long names). */
export async function largeConversation(): Promise<Conversation> {
  const engine = await kitEngine({
    catalog: largeCatalog(200),
    contextWindow: 128_000,
    reservedOutput: 4_096,
  });
  const session = await engine.createSession({ title: 'Everything' });
  for (const item of engine.catalog.items) await session.addItem(item);
  const turn = await session.prepare('Summarise the naming rules');
  const { assistantMessage } = await session.commit(turn, 'Names explain themselves.');
  return { engine, sessionId: session.id, replyId: assistantMessage.id, firstReplyId: assistantMessage.id };
}

/** A session with many pins of every kind, titles long enough to wrap. */
export async function manyPins(count = 30): Promise<{ engine: Engine; sessionId: string }> {
  const engine = await kitEngine({ contextWindow: 128_000, reservedOutput: 4_096 });
  const session = await engine.createSession();
  for (let i = 0; i < count; i += 1) {
    const kind = (['sticky', 'leased', 'ephemeral'] as const)[i % 3] ?? 'sticky';
    await session.pin(
      {
        kind: 'card',
        title: `Card ${i}: ${i % 4 === 0 ? LONG : 'a decision worth keeping in mind'}`,
        text: `Note ${i}`,
      },
      kind === 'leased'
        ? {
            kind,
            lease:
              i % 2 === 0 ? { kind: 'turns', turns: 1 + (i % 5) } : { kind: 'task', taskId: 'migration' },
          }
        : { kind },
    );
  }
  return { engine, sessionId: session.id };
}
