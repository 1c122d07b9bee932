import { describe, expect, test } from 'vitest';
import type { SummarizerInput } from '../history/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

// With the approximate counter (4 characters a token) each turn costs about 156 tokens: the 14th turn finds history
// over its share (0.8 of 2,500) and the summarizer runs.
const question = (i: number) => `Question ${i}: ${'q'.repeat(200)}`.slice(0, 200);
const answer = (i: number) => `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400);
const WINDOW = { contextWindow: 3_000, reservedOutput: 500, defaultMode: 'off' } as const;

/** A host's summarizer that also says what is worth remembering beyond the conversation. */
async function summarizer({ messages }: SummarizerInput) {
  await Promise.resolve();
  return {
    summary: `The user asked ${messages.length / 2} questions.`,
    keyPoints: ['The project is a FastAPI service'],
    preferences: { license: 'MIT' },
  };
}

async function engineWithSummarizer() {
  const store = new MemoryStore();
  const engine = await testEngine({ ...WINDOW, store, history: { summarizer } });
  return { engine, store };
}

async function converse(session: Session<OpenAIChatRequest>) {
  for (let i = 0; i < 14; i++) await session.commit(await session.prepare(question(i)), answer(i));
}

describe("a summary's key points and preferences become memories", () => {
  test('they are stored with their checkpoint as source and offered to other conversations', async () => {
    const { engine } = await engineWithSummarizer();
    const session = await engine.createSession();
    await converse(session);
    const checkpoint = session.checkpoints.at(-1);
    expect(checkpoint?.keyPoints).toEqual(['The project is a FastAPI service']);

    const memories = await engine.memories.list();
    expect(memories.map((m) => (m.kind === 'preference' ? `${m.key}=${m.value}` : m.text)).sort()).toEqual([
      'The project is a FastAPI service',
      'license=MIT',
    ]);
    for (const memory of memories) {
      expect(memory.source).toMatchObject({ sessionId: session.id, checkpointId: checkpoint?.id });
    }

    const other = await engine.createSession();
    const turn = await other.prepare('Which license should I pick?');
    const offered = turn.plan.included.filter((entry) => entry.reason.code === 'memory');
    expect(offered).toHaveLength(2);
  });

  test('a session that takes no part in memory gives none', async () => {
    const { engine } = await engineWithSummarizer();
    const session = await engine.createSession({ memory: false });
    await converse(session);
    expect(session.checkpoints).toHaveLength(1);
    expect(await engine.memories.list()).toEqual([]);
  });

  test('a memory that cannot be written does not fail the committed turn', async () => {
    const store = new (class extends MemoryStore {
      override async putDocument(): Promise<void> {
        throw new Error('disk full');
      }
    })();
    const reported: unknown[] = [];
    const original = globalThis.reportError;
    globalThis.reportError = (error: unknown) => reported.push(error);
    try {
      const engine = await testEngine({ ...WINDOW, store, history: { summarizer } });
      const session = await engine.createSession();
      await converse(session);
      expect(session.messages).toHaveLength(28);
      expect((await store.loadSession(session.id))?.messages).toHaveLength(28);
      expect(reported).toEqual([new Error('disk full')]);
    } finally {
      globalThis.reportError = original;
    }
  });
});

describe('forking a summarized conversation', () => {
  test('a branch keeps only the checkpoints whose messages it sees', async () => {
    const { engine } = await engineWithSummarizer();
    const session = await engine.createSession();
    await converse(session);
    const checkpoint = session.checkpoints[0];
    if (!checkpoint) throw new Error('expected a checkpoint');

    const late = await session.fork(session.messages.at(-1)?.id as string);
    expect(late.checkpoints).toEqual([checkpoint]);

    const early = await session.fork(session.messages[1]?.id as string);
    expect(early.checkpoints).toEqual([]);
    const reopened = await engine.openSession(early.id);
    expect(reopened.checkpoints).toEqual([]);
  });
});

describe('estimating a draft in a long conversation', () => {
  test('plans with the checkpoint in force and the memories offered, and never asks the summarizer', async () => {
    let calls = 0;
    const counting = async (input: SummarizerInput) => {
      calls++;
      return summarizer(input);
    };
    const engine = await testEngine({ ...WINDOW, history: { summarizer: counting } });
    const first = await engine.createSession();
    await converse(first);
    const second = await engine.createSession();
    await converse(second);
    expect(calls).toBe(2);

    const estimate = await second.estimate(question(14));
    expect(calls).toBe(2);
    const codes = estimate.included.map((entry) => entry.reason.code);
    expect(codes).toContain('checkpoint');
    expect(codes).toContain('memory');
    const prepared = await second.prepare(question(14));
    expect(estimate.included.map((e) => e.candidate.id).filter((id) => !id.startsWith('current'))).toEqual(
      prepared.plan.included.map((e) => e.candidate.id).filter((id) => !id.startsWith('current')),
    );
  });
});
