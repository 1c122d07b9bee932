import { describe, expect, test } from 'vitest';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { SummarizerInput, SummaryResult } from '../history/index.js';
import type { ContextPlan, ExclusionReason, InclusionReason } from '../planner/index.js';
import {
  type AnthropicMessagesRequest,
  type OpenAIChatRequest,
  renderAnthropicMessages,
} from '../render/index.js';
import { MemoryStore, type TurnCommit } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import { type EngineOptions, replayPlan } from './engine.js';

// With the approximate counter (4 characters a token), each turn below costs 156 tokens. The budget is 2,500, so
// history's share (0.8) is 2,000 tokens: the 14th turn finds 13 turns (2,028 tokens) over it.
const question = (i: number) => `Question ${i}: ${'q'.repeat(200)}`.slice(0, 200);
const answer = (i: number) => `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400);

/** A real summarizer, as a host would write one around its own model call: here it lists the user's questions. */
function recordingSummarizer(result?: (input: SummarizerInput) => SummaryResult | string) {
  const calls: SummarizerInput[] = [];
  const summarizer = async (input: SummarizerInput): Promise<SummaryResult | string> => {
    calls.push(input);
    await Promise.resolve();
    if (result) return result(input);
    const asked = input.messages.flatMap((m) => (m.role === 'user' ? [m.content.split(':')[0]] : []));
    return `${input.previous ? `${input.previous.summary} Then: ` : 'The user asked: '}${asked.join(', ')}.`;
  };
  return { summarizer, calls };
}

const WINDOW = { contextWindow: 3_000, reservedOutput: 500, defaultMode: 'off' } as const;

function historyEngine(options: Partial<EngineOptions<OpenAIChatRequest>> = {}) {
  return testEngine<OpenAIChatRequest>({ ...WINDOW, ...options });
}

async function converse(
  session: Awaited<ReturnType<Awaited<ReturnType<typeof historyEngine>>['createSession']>>,
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) await session.commit(await session.prepare(question(i)), answer(i));
}

function reasonsById(plan: ContextPlan): Map<string, InclusionReason | ExclusionReason> {
  return new Map([...plan.included, ...plan.excluded].map((e) => [e.candidate.id, e.reason] as const));
}

describe('compression with a summarizer', () => {
  test('the oldest turns are summarized into a checkpoint; the plan says which, the originals stay stored', async () => {
    const { summarizer, calls } = recordingSummarizer();
    const store = new MemoryStore();
    const engine = await historyEngine({ store, history: { summarizer } });
    const session = await engine.createSession();
    await converse(session, 0, 13);
    expect(calls).toEqual([]);

    const turn = await session.prepare(question(13));
    expect(calls).toHaveLength(1);
    const call = calls[0] as SummarizerInput;
    expect(call.previous).toBeNull();
    expect(call.sessionId).toBe(session.id);
    // Seven turns are folded (the newest six fit in keepShare, 0.4 of the budget); their messages, in order.
    expect(call.messages.map((m) => m.id)).toEqual(session.messages.slice(0, 14).map((m) => m.id));

    const reasons = reasonsById(turn.plan);
    const checkpointEntry = turn.plan.included.find((e) => e.candidate.kind === 'checkpoint');
    expect(checkpointEntry?.reason).toEqual({
      code: 'checkpoint',
      checkpointId: expect.any(String),
      fromTurn: 0,
      toTurn: 6,
    });
    const checkpointId = checkpointEntry?.candidate.id.slice('checkpoint:'.length);
    for (let i = 0; i < 7; i++) {
      const userId = session.messages[i * 2]?.id;
      expect(reasons.get(`turn:${userId}`)).toEqual({ code: 'summarized', checkpointId });
    }
    for (let i = 7; i < 13; i++) {
      expect(reasons.get(`turn:${session.messages[i * 2]?.id}`)?.code).toBe('history');
    }
    expect(turn.plan.budget.used).toBeLessThanOrEqual(turn.plan.budget.available);

    // Sent as a marked summary right after the system prompt, then the kept turns.
    const messages = turn.request.messages;
    expect(messages[1]).toEqual({
      role: 'user',
      content: expect.stringContaining('summary of its first 7 turns'),
    });
    expect(messages[1]?.content).toContain('The user asked: Question 0, Question 1');
    expect(messages[2]).toEqual({ role: 'user', content: question(7) });

    await session.commit(turn, answer(13));
    expect(session.checkpoints).toEqual([
      {
        id: checkpointId,
        createdAt: '2026-01-01T00:00:00.000Z',
        firstMessageId: session.messages[0]?.id,
        lastMessageId: session.messages[13]?.id,
        turns: 7,
        messages: 14,
        summary:
          'The user asked: Question 0, Question 1, Question 2, Question 3, Question 4, Question 5, Question 6.',
      },
    ]);
    const stored = await store.loadSession(session.id);
    expect(stored?.messages).toHaveLength(28);
    expect(stored?.record.checkpoints).toEqual(session.checkpoints);
    // The stored plan replays to the identical plan, checkpoint and all.
    const [, plan] = (await store.listPlans(session.id)).slice(-2);
    expect(plan && replayPlan(plan).id).toBe(turn.plan.id);
    expect(JSON.stringify(await engine.getPlan(turn.plan.id))).toBe(JSON.stringify(turn.plan));
  });

  test('a reopened session plans with its stored checkpoint without asking the summarizer again', async () => {
    const { summarizer, calls } = recordingSummarizer();
    const store = new MemoryStore();
    const engine = await historyEngine({ store, history: { summarizer } });
    const session = await engine.createSession();
    await converse(session, 0, 14);
    expect(calls).toHaveLength(1);

    const again = await historyEngine({ store, history: { summarizer } });
    const reopened = await again.openSession(session.id);
    expect(reopened.checkpoints).toEqual(session.checkpoints);
    const turn = await reopened.prepare(question(14));
    expect(calls).toHaveLength(1);
    expect(
      turn.plan.included.some((e) => e.candidate.id === `checkpoint:${session.checkpoints[0]?.id}`),
    ).toBe(true);
  });

  test('a stored checkpoint that lost its summary is passed over and its turns summarized again', async () => {
    const { summarizer, calls } = recordingSummarizer();
    const store = new MemoryStore();
    const engine = await historyEngine({ store, history: { summarizer } });
    const session = await engine.createSession();
    await converse(session, 0, 14);
    const loaded = await store.loadSession(session.id);
    const record = loaded?.record as NonNullable<typeof loaded>['record'];
    const broken = { ...record.checkpoints?.[0], summary: undefined } as never;
    await store.saveSession({ ...record, checkpoints: [broken] });

    const reopened = await (await historyEngine({ store, history: { summarizer } })).openSession(session.id);
    const turn = await reopened.prepare(question(14));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.previous).toBeNull();
    expect(turn.plan.included.filter((e) => e.reason.code === 'checkpoint')).toHaveLength(1);
  });

  test('the next compression folds the previous checkpoint in and replaces it', async () => {
    const { summarizer, calls } = recordingSummarizer(() => ({
      summary: `summary ${calls.length}`,
      keyPoints: [`point ${calls.length}`],
      preferences: { tone: 'brief' },
    }));
    const engine = await historyEngine({ history: { summarizer } });
    const session = await engine.createSession();
    await converse(session, 0, 30);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const second = calls[1] as SummarizerInput;
    expect(second.previous?.summary).toBe('summary 1');
    expect(second.previous?.keyPoints).toEqual(['point 1']);
    // The second call gets only turns the first checkpoint did not cover.
    expect(second.messages[0]?.id).toBe(session.messages[14]?.id);
    // One checkpoint is kept: each new one covers the turns of the one before.
    expect(session.checkpoints).toHaveLength(1);
    const [latest] = session.checkpoints;
    expect(latest?.summary).toBe(`summary ${calls.length}`);
    expect(latest?.keyPoints).toEqual([`point ${calls.length}`]);
    expect(latest?.preferences).toEqual({ tone: 'brief' });
    expect(latest?.firstMessageId).toBe(session.messages[0]?.id);
  });

  test('a checkpoint written for a turn that is rolled back is kept and written with the next commit', async () => {
    const { summarizer, calls } = recordingSummarizer();
    const store = new MemoryStore();
    const engine = await historyEngine({ store, history: { summarizer } });
    const session = await engine.createSession();
    await converse(session, 0, 13);
    const first = await session.prepare(question(13));
    expect(session.rollback(first)).toBe(true);
    expect((await store.loadSession(session.id))?.record.checkpoints).toBeUndefined();
    const second = await session.prepare(question(13));
    expect(calls).toHaveLength(1);
    const id = (plan: ContextPlan) =>
      plan.included.find((e) => e.candidate.kind === 'checkpoint')?.candidate.id;
    expect(id(second.plan)).toBe(id(first.plan));
    await session.commit(second, answer(13));
    expect((await store.loadSession(session.id))?.record.checkpoints).toHaveLength(1);
  });

  test('Anthropic requests carry the checkpoint as a marked, escaped user text first', async () => {
    const { summarizer } = recordingSummarizer(() => 'They discussed </conversation-summary> tags & such.');
    const engine = await testEngine<AnthropicMessagesRequest>({
      ...WINDOW,
      history: { summarizer },
      render: (plan: ContextPlan) => renderAnthropicMessages(plan, { model: 'claude' }),
    });
    const session = await engine.createSession();
    for (let i = 0; i < 13; i++) await session.commit(await session.prepare(question(i)), answer(i));
    const turn = await session.prepare(question(13));
    const request = turn.request;
    const first = request.messages[0];
    expect(first?.role).toBe('user');
    const text = first?.content[0]?.type === 'text' ? first.content[0].text : '';
    expect(text).toContain('We are continuing an earlier conversation');
    expect(text).toContain('They discussed &lt;/conversation-summary> tags &amp; such.');
    expect(text.match(/<\/conversation-summary>/g)).toHaveLength(1);
  });
});

describe('without a working summarizer', () => {
  test('with none and blocks off, the oldest turns are dropped for the share, saying no summarizer was configured', async () => {
    const engine = await historyEngine({ history: { blocks: false } });
    const session = await engine.createSession();
    await converse(session, 0, 13);
    const turn = await session.prepare(question(13));
    const reasons = reasonsById(turn.plan);
    // Thirteen turns take 2,028 tokens: the oldest goes, the twelve newer ones (1,872) stay.
    expect(reasons.get(`turn:${session.messages[0]?.id}`)).toEqual({
      code: 'history-share',
      cap: 2000,
      summarizer: 'none',
      importance: { level: 'low', weight: 0.9 ** 10 },
    });
    expect(reasons.get(`turn:${session.messages[2]?.id}`)?.code).toBe('history');
    expect(session.checkpoints).toEqual([]);
  });

  test('a failing summarizer loses nothing: the turn is planned, the oldest turns dropped with that reason', async () => {
    const failures: unknown[] = [
      () => {
        throw new Error('model unavailable');
      },
      () => '   ',
      () => ({ summary: 'ok', keyPoints: 'not a list' }),
      () => 42,
    ];
    for (const failure of failures) {
      const summarizer = async () => (failure as () => string)();
      const store = new MemoryStore();
      const engine = await historyEngine({ store, history: { summarizer, blocks: false } });
      const session = await engine.createSession();
      await converse(session, 0, 13);
      const turn = await session.prepare(question(13));
      const share = turn.plan.excluded.filter((e) => e.reason.code === 'history-share');
      expect(share.map((e) => e.reason)).toEqual([expect.objectContaining({ summarizer: 'failed' })]);
      await session.commit(turn, answer(13));
      const stored = await store.loadSession(session.id);
      expect(stored?.messages).toHaveLength(28);
      expect(stored?.record.checkpoints).toBeUndefined();
    }
  });
});

describe('importance in the engine', () => {
  test('a failed tool call in the last turn makes it critical in the next plan', async () => {
    const engine = await historyEngine();
    const session = await engine.createSession();
    await converse(session, 0, 5);
    const turn = await session.prepare('run the build');
    const next = await session.continue(
      turn,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'x' } }] },
      [{ toolCallId: 'c1', content: 'ENOENT', isError: true }],
    );
    await session.commit(next, 'The file is missing.');
    const after = await session.prepare('what now?');
    const reasons = reasonsById(after.plan);
    expect(reasons.get(`turn:${turn.userMessage.id}`)).toEqual({
      code: 'history',
      age: 0,
      importance: { level: 'critical', weight: 1 },
    });
    expect(reasons.get(`turn:${session.messages[0]?.id}`)).toEqual({
      code: 'history',
      age: 5,
      importance: { level: 'medium', weight: 0.9 ** 3 },
    });
  });
});

describe('large content is stored once', () => {
  const dataUrl = `data:image/png;base64,${'iVBORw0KGgo'.repeat(100)}`;

  test('an oversized tool output is sent as a preview and a reference, and expands on demand', async () => {
    const commits: TurnCommit[] = [];
    const store = new MemoryStore();
    const commitTurn = store.commitTurn.bind(store);
    store.commitTurn = (commit) => {
      commits.push(commit);
      return commitTurn(commit);
    };
    const engine = await historyEngine({ store, largeContent: { toolOutputChars: 1_000, previewChars: 50 } });
    const session = await engine.createSession();
    const output = `line 1 of the log\n${'x'.repeat(5_000)}`;
    const turn = await session.prepare('read the log');
    const next = await session.continue(
      turn,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'log' } }] },
      [{ toolCallId: 'c1', content: output }],
    );
    const result = next.steps.find((step) => step.role === 'tool');
    expect(result?.content.startsWith(output.slice(0, 50))).toBe(true);
    expect(result?.content).toMatch(/\[… 5018 characters in all: ctxkit:blob\/[0-9a-f]{32}\]$/);
    expect(result?.content.length).toBeLessThan(200);
    // The request sends the compact form.
    expect(JSON.stringify(next.request)).not.toContain('x'.repeat(200));
    const ref = /ctxkit:blob\/[0-9a-f]{32}/.exec(result?.content ?? '')?.[0] as string;
    // Before the commit, the open turn holds it.
    expect(await session.expand(ref)).toBe(output);
    await session.commit(next, 'It is long.');
    expect([...(commits[0]?.blobs?.values() ?? [])]).toEqual([output]);
    expect(await session.expand(ref)).toBe(output);
    expect(await store.getBlob(ref.slice('ctxkit:blob/'.length))).toBe(output);
  });

  test('a data URL in the user message is stored once, however often it appears', async () => {
    const store = new MemoryStore();
    const engine = await historyEngine({ store });
    const session = await engine.createSession();
    const turn = await session.prepare(`Compare ${dataUrl} with ${dataUrl}`);
    expect(turn.userMessage.content).toMatch(
      /^Compare \[image\/png data URL, 1122 characters: (ctxkit:blob\/[0-9a-f]{32})\] with \[image\/png data URL, 1122 characters: \1\]$/,
    );
    expect(JSON.stringify(turn.request)).not.toContain('iVBORw0KGgo');
    await session.commit(turn, 'Same image.');
    const ref = /ctxkit:blob\/[0-9a-f]{32}/.exec(turn.userMessage.content)?.[0] as string;
    expect(await session.expand(ref)).toBe(dataUrl);
  });

  test('short content is left alone, and `largeContent: false` sends everything as it is', async () => {
    const engine = await historyEngine({ largeContent: false });
    const session = await engine.createSession();
    const turn = await session.prepare(`Look: ${dataUrl}`);
    expect(turn.userMessage.content).toBe(`Look: ${dataUrl}`);
    const other = await (await historyEngine()).createSession();
    const small = await other.prepare('tiny data:text/plain,hi there');
    expect(small.userMessage.content).toBe('tiny data:text/plain,hi there');
  });

  test('content changed in the store is refused by its hash, never returned', async () => {
    const store = new MemoryStore();
    const engine = await historyEngine({ store });
    const session = await engine.createSession();
    const turn = await session.prepare(`Look: ${dataUrl}`);
    await session.commit(turn, 'Seen.');
    const ref = /ctxkit:blob\/([0-9a-f]{32})/.exec(turn.userMessage.content);
    const hash = ref?.[1] as string;
    // Tampered with behind the store's back.
    const tampered = new (class extends MemoryStore {
      override async getBlob(key: string) {
        return key === hash ? 'data:image/png;base64,AAAA' : store.getBlob(key);
      }
    })();
    const reader = await (await historyEngine({ store: tampered })).createSession();
    await expect(reader.expand(ref?.[0] as string)).rejects.toMatchObject({
      code: 'corrupt_record',
      where: `blob ${hash}`,
    });
  });

  test('an unknown or malformed reference is a NotFoundError', async () => {
    const session = await (await historyEngine()).createSession();
    await expect(session.expand(`ctxkit:blob/${'0'.repeat(32)}`)).rejects.toBeInstanceOf(NotFoundError);
    await expect(session.expand('not a ref')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('options', () => {
  test('bad history and large-content options are a ValidationError naming each', async () => {
    const error = await historyEngine({
      history: {
        maxShare: 0,
        recentTurns: -1,
        errorTurns: 1.5,
        decay: 2,
        summarizer: 'yes' as never,
      },
      largeContent: { toolOutputChars: 0, dataUrlChars: -3, previewChars: 10 },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual([
      'history.decay',
      'history.errorTurns',
      'history.maxShare',
      'history.recentTurns',
      'history.summarizer',
      'largeContent.dataUrlChars',
      'largeContent.previewChars',
      'largeContent.toolOutputChars',
    ]);
    const keep = await historyEngine({ history: { maxShare: 0.5, keepShare: 0.6 } }).catch((c: unknown) => c);
    expect((keep as ValidationError).issues.map((issue) => issue.path)).toEqual(['history.keepShare']);
  });
});

describe('summarizing with history cut in blocks while retrieval runs', () => {
  test('the summarizer is asked before a block would drop turns unsummarized', async () => {
    const summarizer = async ({ messages }: { messages: readonly unknown[] }) => ({
      summary: `${messages.length} earlier messages`,
    });
    const engine = await testEngine({ contextWindow: 2_048, reservedOutput: 1_024, history: { summarizer } });
    const session = await engine.createSession();
    const cutoffs: string[] = [];
    for (let i = 0; i < 16; i++) {
      const turn = await session.prepare(`How do I write the upload handler, step ${i}?`);
      expect(turn.plan.mode).not.toBe('off');
      for (const entry of turn.plan.excluded)
        if (entry.reason.code === 'history-cutoff') cutoffs.push(entry.candidate.id);
      await session.commit(
        turn,
        `Step ${i}: ${'write the file to a temporary path, then rename it. '.repeat(4)}`,
      );
    }
    expect(session.checkpoints.length).toBeGreaterThan(0);
    expect(cutoffs).toEqual([]);
  });
});
