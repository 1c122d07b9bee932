// Privacy across the engine's other features: what a summarizer writes, what memory keeps, what retention deletes.
import { describe, expect, test } from 'vitest';
import type { SummarizerInput } from '../history/index.js';
import { fakeSecrets } from '../privacy/fake-secrets.fixtures.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { type AgentSelector, createLexicalSelector, type UseEvent } from '../retrieval/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const question = (i: number) => `Question ${i}: ${'q'.repeat(200)}`.slice(0, 200);
const answer = (i: number) => `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400);
const WINDOW = { contextWindow: 3_000, reservedOutput: 500, defaultMode: 'off' } as const;
const [openaiKey, , , , , , , githubToken] = fakeSecrets(7).map((secret) => secret.secret) as string[];
const DAY = 86_400_000;

async function converse(session: Session<OpenAIChatRequest>, turns = 14) {
  for (let i = 0; i < turns; i++) await session.commit(await session.prepare(question(i)), answer(i));
}

/** A summarizer that repeats a secret the model saw somewhere: it must not reach a checkpoint or a memory. */
async function leakySummarizer(_input: SummarizerInput) {
  return {
    summary: `Deployed with ${openaiKey}.`,
    keyPoints: [`The CI token is ${githubToken}`],
    preferences: { deployKey: `${openaiKey}` },
  };
}

describe('secrets from a summarizer', () => {
  test('are redacted in the checkpoint, its request and the memories it gives', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ ...WINDOW, store, history: { summarizer: leakySummarizer } });
    const session = await engine.createSession();
    await converse(session);
    const checkpoint = session.checkpoints[0];
    expect(checkpoint?.summary).toBe('Deployed with [REDACTED:openai-key].');
    const stored = JSON.stringify(await store.loadSession(session.id));
    const memories = JSON.stringify(await engine.memories.list());
    const next = JSON.stringify((await session.prepare('and now?')).request);
    for (const text of [stored, memories, next]) {
      expect(text).not.toContain(openaiKey);
      expect(text).not.toContain(githubToken);
    }
    expect(memories).toContain('[REDACTED:github-token]');
  });

  test('engine.remember redacts what the host hands it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const [entry] = await engine.remember(session.id, [
      { kind: 'key-point', text: `Use ${openaiKey} for CI` },
    ]);
    expect(entry).toMatchObject({ kind: 'key-point', text: 'Use [REDACTED:openai-key] for CI' });
  });
});

describe('private sessions and memory', () => {
  test('a private session gives no memories and is offered none', async () => {
    const summarizer = async () => ({ summary: 'Talked about files.', preferences: { license: 'MIT' } });
    const engine = await testEngine({ ...WINDOW, history: { summarizer } });
    const hidden = await engine.createSession({ private: true });
    await converse(hidden);
    expect(hidden.checkpoints).toHaveLength(1);
    expect(await engine.memories.list()).toEqual([]);

    const open = await engine.createSession();
    await converse(open);
    expect(await engine.memories.list()).toHaveLength(1);
    const turn = await hidden.prepare('which license?');
    expect(turn.plan.included.some((entry) => entry.reason.code === 'memory')).toBe(false);
  });

  test('turning privacy on forgets what the session gave', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await engine.remember(session.id, [{ kind: 'preference', key: 'license', value: 'MIT' }]);
    expect(await engine.memories.list()).toHaveLength(1);
    await session.setPrivate(true);
    expect(await engine.memories.list()).toEqual([]);
  });
});

describe('private sessions and learning from use', () => {
  test('retrieval learns from the turns and pins of a public session, never of a private one', async () => {
    const lexical = createLexicalSelector();
    const events: UseEvent[] = [];
    const selector: AgentSelector = {
      name: 'recording',
      select: (request) => lexical.select(request),
      recordUse: (event) => {
        events.push(event);
      },
    };
    const engine = await testEngine({ selector });
    const use = async (session: Session<OpenAIChatRequest>) => {
      const turn = await session.prepare('How do I read a file from disk?');
      const agent = turn.plan.included.find((entry) => entry.reason.code === 'agent');
      expect(agent).toBeDefined();
      await session.commit(turn, 'With read_file.');
      if (agent?.candidate.kind === 'item') await session.pin({ kind: 'item', ref: agent.candidate.ref });
    };

    await use(await engine.createSession({ private: true }));
    expect(events).toEqual([]);
    await use(await engine.createSession());
    // The reply names read_file and leaves the rest unused; then the user pins an item.
    expect(events.map((event) => event.kind)).toEqual(['referenced', 'unused', 'pinned']);
  });
});

describe('retention and branches', () => {
  async function tree(now: { at: Date }) {
    const store = new MemoryStore();
    const engine = await testEngine({ store, now: () => now.at });
    const root = await engine.createSession({ title: 'root' });
    await root.commit(await root.prepare('hello'), 'hi');
    await engine.remember(root.id, [{ kind: 'preference', key: 'license', value: 'MIT' }]);
    const branch = await root.fork(root.messages[1]?.id as string, { title: 'branch' });
    return { store, engine, root, branch };
  }

  test('a session still seen by a recent branch is kept, with the branch', async () => {
    const now = { at: new Date(Date.UTC(2026, 0, 1)) };
    const { engine, root, branch } = await tree(now);
    now.at = new Date(now.at.getTime() + 40 * DAY);
    await branch.commit(await branch.prepare('still here'), 'yes');
    expect(await engine.deleteSessionsOlderThan(30)).toEqual([]);
    const reopened = await testEngine({ store: engine.store, now: () => now.at });
    expect((await reopened.openSession(branch.id)).messages).toHaveLength(4);
    expect((await reopened.openSession(root.id)).messages).toHaveLength(2);
  });

  test('a whole expired tree is deleted, deepest first, with its memories', async () => {
    const now = { at: new Date(Date.UTC(2026, 0, 1)) };
    const { store, engine, root, branch } = await tree(now);
    now.at = new Date(now.at.getTime() + 40 * DAY);
    const deleted = await engine.deleteSessionsOlderThan(30);
    expect(deleted.map((record) => record.id).sort()).toEqual([root.id, branch.id].sort());
    expect(await store.listSessions()).toEqual([]);
    expect(await engine.memories.list()).toEqual([]);
  });
});
