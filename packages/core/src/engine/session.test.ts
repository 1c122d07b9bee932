import { describe, expect, test } from 'vitest';
import { itemKey } from '../catalog/index.js';
import {
  BudgetError,
  CorruptRecordError,
  NotFoundError,
  TransactionError,
  ValidationError,
} from '../errors/index.js';
import type { CardCandidate } from '../planner/index.js';
import type { OpenAIChatRequest } from '../render/index.js';
import type { AgentSelector } from '../retrieval/index.js';
import type { SessionRecord } from '../session/index.js';
import { MemoryStore, type StoredPlan, type TurnCommit } from '../store/index.js';
import { createApproximateCounter } from '../tokens/index.js';
import { demoCatalog, testEngine } from './engine.fixtures.js';
import { replayPlan } from './index.js';

const includedIds = (prepared: { plan: { included: readonly { candidate: { id: string } }[] } }) =>
  prepared.plan.included.map((entry) => entry.candidate.id);

describe('session context', () => {
  test('a new session holds every enabled always item, with the legacy views', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    expect(session.contextItems).toEqual([
      { type: 'rule', name: 'Authentication', includeMode: 'always' },
      { type: 'reference', name: 'API documentation', includeMode: 'always' },
      { type: 'tool', name: 'query', serverName: 'database', includeMode: 'always' },
    ]);
    expect(session.rules).toEqual(['Authentication']);
    expect(session.references).toEqual(['API documentation']);
    expect(session.tools).toEqual([{ serverName: 'database', toolName: 'query' }]);
  });

  test('items are added and removed by hand whatever their mode, idempotently', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.addItem({ type: 'rule', name: 'Error handling' });
    await session.addItem({ type: 'rule', name: 'Error handling' });
    await session.addItem({ type: 'rule', name: 'Authentication' });
    expect(session.rules).toEqual(['Authentication', 'Error handling']);
    expect(session.contextItems.find((item) => item.name === 'Authentication')?.includeMode).toBe('always');
    await session.removeItem({ type: 'rule', name: 'Authentication' });
    await session.removeItem({ type: 'rule', name: 'Authentication' });
    expect(session.rules).toEqual(['Error handling']);
    await expect(session.addItem({ type: 'rule', name: 'Nope' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('a turn', () => {
  test('request context is the session context plus agent items with scores, recorded on the reply', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('How do I read a file from disk?');
    const { items } = prepared.requestContext;
    for (const sessionItem of session.contextItems) {
      expect(items).toContainEqual(expect.objectContaining({ ...sessionItem }));
    }
    const agent = items.filter((item) => item.includeMode === 'agent');
    expect(agent.map((item) => item.name)).toContain('read_file');
    for (const item of agent) expect(item.similarityScore).toBeGreaterThan(0);
    const { assistantMessage } = await session.commit(prepared, 'Use read_file.');
    expect(assistantMessage.requestContext).toBe(prepared.requestContext);
    expect(assistantMessage.requestContext?.planId).toBe(prepared.plan.id);
  });

  test('agent items never repeat what the session already has', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.addItem({ type: 'tool', name: 'read_file', serverName: 'filesystem' });
    const prepared = await session.prepare('read a file from disk');
    const readFile = prepared.requestContext.items.filter((item) => item.name === 'read_file');
    expect(readFile).toEqual([expect.objectContaining({ includeMode: 'manual' })]);
    expect(prepared.retrievalSet?.hits.map((hit) => hit.key)).not.toContain('tool:filesystem:read_file');
  });

  test('a second prepare while a turn is open is an error, and the open turn is intact', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('first');
    await expect(session.prepare('second')).rejects.toBeInstanceOf(TransactionError);
    await session.commit(prepared, 'ok');
    expect(session.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test('concurrent prepares: exactly one opens a turn', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const results = await Promise.allSettled([session.prepare('a'), session.prepare('b')]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  test('rollback leaves no trace: messages, record, stored plans and the next plan are as before', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    await session.commit(await session.prepare('hello'), 'hi');
    const before = {
      messages: [...session.messages],
      record: session.record,
      plans: await store.listPlans(session.id),
    };
    const abandoned = await session.prepare('this will be rolled back');
    expect(session.rollback(abandoned)).toBe(true);
    expect(session.rollback(abandoned)).toBe(false);
    expect(session.messages).toEqual(before.messages);
    expect(session.record).toBe(before.record);
    expect(await store.listPlans(session.id)).toEqual(before.plans);
    expect((await store.loadSession(session.id))?.messages).toEqual(before.messages);
    await expect(session.commit(abandoned, 'late')).rejects.toBeInstanceOf(TransactionError);
  });

  test('a tool loop: continue records the call with its result; commit writes the whole turn at once', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const events: unknown[] = [];
    store.subscribe((event) => events.push(event));
    const first = await session.prepare('What is in notes.txt?');
    const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'notes.txt' } };
    const second = await session.continue(first, { content: '', toolCalls: [call] }, [
      { toolCallId: 'call-1', content: 'buy milk' },
    ]);
    expect(session.messages).toEqual([]);
    expect(second.steps.map((step) => step.role)).toEqual(['assistant', 'tool']);
    const request = second.request as OpenAIChatRequest;
    expect(request.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call-1', content: 'buy milk' });
    await expect(session.commit(first, 'stale')).rejects.toThrow(/stale/);
    const result = await session.commit(second, 'It says: buy milk.', { inputTokens: 120, outputTokens: 9 });
    expect(result.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(events).toEqual([
      {
        type: 'turn-committed',
        sessionId: session.id,
        messageIds: result.messages.map((message) => message.id),
        planIds: [first.plan.id, second.plan.id],
      },
    ]);
    const plans = await store.listPlans(session.id);
    expect(plans.map((stored) => stored.id)).toEqual([first.plan.id, second.plan.id]);
    const usage = await store.listUsage(session.id);
    expect(usage.map((report) => report.actualInputTokens)).toEqual([null, 120]);
    expect(usage[1]?.estimatedInputTokens).toBe(second.plan.budget.used);
  });

  test('tool calls must each get a result, and a final reply cannot leave calls open', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('go');
    const calls = [
      { id: 'a', name: 'filesystem__read_file', arguments: {} },
      { id: 'b', name: 'filesystem__read_file', arguments: {} },
    ];
    const missing = session.continue(prepared, { content: '', toolCalls: calls }, [
      { toolCallId: 'a', content: '' },
    ]);
    await expect(missing).rejects.toThrow(/tool call 'b' \(filesystem__read_file\) has no result/);
    const stray = session.continue(prepared, { content: '', toolCalls: calls.slice(0, 1) }, [
      { toolCallId: 'a', content: '' },
      { toolCallId: 'z', content: '' },
    ]);
    await expect(stray).rejects.toThrow(/'z' answers no tool call/);
    await expect(session.commit(prepared, { content: 'x', toolCalls: calls })).rejects.toBeInstanceOf(
      ValidationError,
    );
    // None of the refused calls changed the open turn.
    await session.commit(prepared, 'fine');
    expect(session.messages).toHaveLength(2);
  });

  test('a store that fails mid-commit leaves the session unchanged and the turn still open', async () => {
    let fail = true;
    const store = new (class extends MemoryStore {
      override commitTurn(commit: TurnCommit) {
        return fail ? Promise.reject(new Error('quota exceeded')) : super.commitTurn(commit);
      }
    })();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    await expect(session.commit(prepared, 'hi')).rejects.toThrow('quota exceeded');
    expect(session.messages).toEqual([]);
    expect(session.record.turnCount).toBe(0);
    expect(session.isTurnOpen).toBe(true);
    fail = false;
    await session.commit(prepared, 'hi');
    expect(session.record.turnCount).toBe(1);
    expect((await store.loadSession(session.id))?.messages).toHaveLength(2);
  });

  test('notes are kept in the transcript but never sent', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare('hello'), 'hi');
    await session.addNote('error', 'The model did not answer.');
    const prepared = await session.prepare('again');
    const sent = JSON.stringify(prepared.request);
    expect(sent).not.toContain('The model did not answer.');
    expect(sent).toContain('hello');
    expect(session.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'error']);
    // @ts-expect-error: a user message is a turn, not a note
    await expect(session.addNote('user', 'sneaky')).rejects.toBeInstanceOf(ValidationError);
    expect(session.messages).toHaveLength(3);
  });
});

describe('pins and leases', () => {
  test('a leased pin stays for its turns and then lapses', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const pin = await session.pin(
      { kind: 'item', ref: { type: 'rule', name: 'Error handling' } },
      { kind: 'leased', lease: { kind: 'turns', turns: 2 } },
    );
    const kept: boolean[] = [];
    const expired: string[][] = [];
    for (const text of ['one', 'two', 'three']) {
      const prepared = await session.prepare(text);
      kept.push(includedIds(prepared).includes('rule:Error handling'));
      expired.push((await session.commit(prepared, 'ok')).expiredPins.map((entry) => entry.id));
    }
    expect(kept).toEqual([true, true, false]);
    expect(expired).toEqual([[], [pin.id], []]);
  });

  test('task leases end when the task changes', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.setTask('migrate-db');
    const pin = await session.pin(
      { kind: 'card', title: 'Plan', text: 'Step 1: back up.' },
      { kind: 'leased', lease: { kind: 'task', taskId: 'migrate-db' } },
    );
    expect(includedIds(await rollbackAfter(session, 'x'))).toContain(`pin:${pin.id}`);
    expect((await session.setTask('write-docs')).map((entry) => entry.id)).toEqual([pin.id]);
    expect(session.pins).toEqual([]);
  });

  test('an ephemeral pin is a thin card; promoted, it brings the whole item', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const pin = await session.pin(
      { kind: 'item', ref: { type: 'reference', name: 'Database schema' } },
      { kind: 'ephemeral' },
    );
    const thin = await rollbackAfter(session, 'hello');
    const card = thin.plan.included.find((entry) => entry.candidate.id === `pin:${pin.id}`);
    expect(card?.candidate).toMatchObject({
      kind: 'card',
      title: 'Database schema',
      text: 'Tables of the database: users, sessions',
    });
    expect(includedIds(thin)).not.toContain('reference:Database schema');
    await session.promotePin(pin.id, { kind: 'turns', turns: 3 });
    const full = await rollbackAfter(session, 'hello');
    expect(includedIds(full)).toContain('reference:Database schema');
    await expect(session.promotePin(pin.id, { kind: 'turns', turns: 1 })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  test('pins name something that exists', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(session.pin({ kind: 'item', ref: { type: 'rule', name: 'Nope' } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(session.pin({ kind: 'message', messageId: 'nope' })).rejects.toBeInstanceOf(ValidationError);
    await expect(session.pin({ kind: 'card', title: ' ', text: 'x' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(session.pins).toEqual([]);
  });

  test('committing to a deleted session is a NotFoundError and writes nothing', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    await engine.deleteSession(session.id);
    await expect(session.commit(prepared, 'hi')).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.listSessions()).toEqual([]);
    expect(session.messages).toEqual([]);
  });

  test('a sticky pinned message keeps its turn when history no longer fits', async () => {
    const engine = await testEngine({ contextWindow: 1_200, reservedOutput: 200, defaultMode: 'off' });
    const session = await engine.createSession();
    await session.commit(await session.prepare('The launch code is 0000.'), 'Noted.');
    const firstMessage = session.messages[0]?.id as string;
    for (let i = 0; i < 12; i++)
      await session.commit(await session.prepare(`filler ${'x'.repeat(300)} ${i}`), 'ok');
    const unpinned = await rollbackAfter(session, 'What is the launch code?');
    expect(JSON.stringify(unpinned.request)).not.toContain('0000');
    await session.pin({ kind: 'message', messageId: firstMessage });
    const pinned = await rollbackAfter(session, 'What is the launch code?');
    expect(JSON.stringify(pinned.request)).toContain('The launch code is 0000.');
    const history = pinned.plan.included.filter((entry) => entry.candidate.section === 'history');
    expect(history[0]?.reason).toEqual(expect.objectContaining({ code: 'pinned', pin: 'sticky' }));
  });
});

describe('modes, budget and the system prompt', () => {
  test('mode off retrieves nothing; the session override beats the engine default', async () => {
    const engine = await testEngine({ defaultMode: 'heavy' });
    const session = await engine.createSession();
    expect(session.mode).toBe('heavy');
    await session.setMode('off');
    const prepared = await rollbackAfter(session, 'read a file from disk');
    expect(prepared.retrievalSet).toBeNull();
    expect(prepared.plan.mode).toBe('off');
    expect(prepared.requestContext.items.some((item) => item.includeMode === 'agent')).toBe(false);
    await session.setMode(null);
    expect(session.mode).toBe('heavy');
    // @ts-expect-error: not a mode
    await expect(session.setMode('max')).rejects.toBeInstanceOf(ValidationError);
  });

  test('required context larger than the budget is a BudgetError naming it, never a silent drop', async () => {
    const engine = await testEngine({ contextWindow: 300, reservedOutput: 50 });
    const session = await engine.createSession();
    await session.setWorkspace('w'.repeat(2_000));
    const error = await session.prepare('hi').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BudgetError);
    expect((error as BudgetError).required.map((item) => item.id)).toContain('workspace');
    expect((error as BudgetError).message).toContain('workspace (workspace, 504 tokens)');
    expect(session.isTurnOpen).toBe(false);
  });

  test('fragments are computed lazily, once per change', async () => {
    const engine = await testEngine({ systemPrompt: { global: 'Be brief.', agent: 'You help with code.' } });
    const session = await engine.createSession();
    let files = ['a.ts'];
    let computed = 0;
    session.setFragment('files', () => {
      computed++;
      return `Files: ${files.join(', ')}`;
    });
    expect(computed).toBe(0);
    await session.commit(await session.prepare('one'), 'ok');
    await session.commit(await session.prepare('two'), 'ok');
    expect(computed).toBe(1);
    files = ['a.ts', 'b.ts'];
    session.markFragmentDirty('files');
    const prepared = await rollbackAfter(session, 'three');
    expect(computed).toBe(2);
    const system = (prepared.request as OpenAIChatRequest).messages[0];
    expect(system?.content).toMatch(
      /^Be brief\.\n\nYou help with code\.\n\n<fragment name="files">\nFiles: a\.ts, b\.ts/,
    );
  });

  test('the workspace message comes right after the user message', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.setWorkspace('Open file: src/index.ts');
    const request = (await rollbackAfter(session, 'hello')).request as OpenAIChatRequest;
    expect(request.messages.slice(-2)).toEqual([
      { role: 'user', content: expect.anything() },
      { role: 'user', content: 'Open file: src/index.ts' },
    ]);
  });

  test('items the catalog lost or disabled are excluded with a reason', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    engine.setCatalog({
      ...demoCatalog,
      rules: demoCatalog.rules?.filter((rule) => rule.name !== 'Authentication'),
      references: demoCatalog.references?.map((reference) => ({ ...reference, enabled: false })),
    });
    const prepared = await rollbackAfter(session, 'hello');
    const reasons = Object.fromEntries(
      prepared.plan.excluded.map((entry) => [entry.candidate.id, entry.reason]),
    );
    expect(reasons['rule:Authentication']).toEqual({ code: 'unavailable', why: 'missing' });
    expect(reasons['reference:API documentation']).toEqual({ code: 'unavailable', why: 'disabled' });
  });
});

describe('replay, reload and token cost', () => {
  test('a stored plan replays to the identical plan', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare('read a file'), 'ok');
    const prepared = await session.prepare('and the database schema?');
    await session.commit(prepared, 'ok');
    const replayed = await engine.getPlan(prepared.plan.id);
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(prepared.plan));
    expect(await engine.getPlan('nope')).toBeUndefined();
  });

  test('a stored plan whose input was changed is refused as corrupt', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    await session.commit(prepared, 'ok');
    const stored = (await store.getPlan(prepared.plan.id)) as StoredPlan;
    const tampered = { ...stored, input: { ...stored.input, contextWindow: stored.input.contextWindow + 1 } };
    expect(() => replayPlan(tampered)).toThrow(CorruptRecordError);
    expect(() => replayPlan(tampered)).toThrow(`The stored plan ${stored.id} is unusable`);
  });

  test('the same session state gives the same plan and id', async () => {
    const plans = [];
    for (let run = 0; run < 2; run++) {
      const engine = await testEngine();
      const session = await engine.createSession();
      await session.commit(await session.prepare('read a file'), 'ok');
      plans.push((await session.prepare('query the database')).plan);
    }
    expect(JSON.stringify(plans[0])).toBe(JSON.stringify(plans[1]));
  });

  test('a session reopened from its store is as committed', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession({ title: 'Reload me' });
    await session.addItem({ type: 'rule', name: 'Error handling' });
    await session.setMode('heavy');
    await session.pin({ kind: 'card', title: 'Goal', text: 'Ship it' });
    await session.commit(await session.prepare('hello'), 'hi');
    expect(await engine.openSession(session.id)).toBe(session);
    const reopened = await (await testEngine({ store })).openSession(session.id);
    expect(reopened).not.toBe(session);
    expect(reopened.record).toEqual(session.record);
    expect(reopened.messages).toEqual(session.messages);
    await expect(engine.openSession('missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a new turn tokenizes only its new text', async () => {
    const counted: string[] = [];
    const base = createApproximateCounter();
    const counter = {
      encoding: 'spy',
      count: (text: string) => {
        counted.push(text);
        return base.count(text);
      },
    };
    const engine = await testEngine({ counter, defaultMode: 'off' });
    const session = await engine.createSession();
    for (let i = 0; i < 20; i++) {
      await session.commit(
        await session.prepare(`message number ${i} about files`),
        `reply number ${i} is here`,
      );
    }
    counted.length = 0;
    await session.prepare('a brand new question about the database');
    // The new message, and the previous reply, measured now that it is history; nothing older.
    expect(counted.filter((text) => text.length >= 16).sort()).toEqual([
      'a brand new question about the database',
      'reply number 19 is here',
    ]);
  });
});

async function rollbackAfter<R>(
  session: { prepare(text: string): Promise<R>; rollback(prepared: R): boolean },
  text: string,
): Promise<R> {
  const prepared = await session.prepare(text);
  session.rollback(prepared);
  return prepared;
}

describe('what a turn records', () => {
  test('every request of a turn is stored: its plan, the turn it belongs to, and its usage as reported', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const hello = await session.prepare('hello');
    await session.commit(hello, 'hi');
    const first = await session.prepare('What is in notes.txt?');
    const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'notes.txt' } };
    const second = await session.continue(
      first,
      { content: '', toolCalls: [call], model: 'test-model-mini' },
      [{ toolCallId: 'call-1', content: 'buy milk' }],
      { inputTokens: 100, outputTokens: 7 },
    );
    await session.commit(second, 'It says: buy milk.', { inputTokens: 130, outputTokens: 9 });

    const plans = await store.listPlans(session.id);
    expect(plans.map((stored) => [stored.id, stored.turnIndex])).toEqual([
      [hello.plan.id, 0],
      [first.plan.id, 1],
      [second.plan.id, 1],
    ]);
    const usage = await store.listUsage(session.id);
    expect(usage.slice(1)).toEqual([
      {
        planId: first.plan.id,
        estimatedInputTokens: first.plan.budget.used,
        actualInputTokens: 100,
        outputTokens: 7,
        encoding: 'approx-4',
        model: 'test-model-mini',
      },
      {
        planId: second.plan.id,
        estimatedInputTokens: second.plan.budget.used,
        actualInputTokens: 130,
        outputTokens: 9,
        encoding: 'approx-4',
        model: 'test-model',
      },
    ]);
  });

  test('tool results are recorded in the order of the calls, whatever order they are given in', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('read two files');
    const calls = [
      { id: 'a', name: 'filesystem__read_file', arguments: { path: 'a.txt' } },
      { id: 'b', name: 'filesystem__read_file', arguments: { path: 'b.txt' } },
    ];
    const next = await session.continue(prepared, { content: '', toolCalls: calls }, [
      { toolCallId: 'b', content: 'bee' },
      { toolCallId: 'a', content: 'ay' },
    ]);
    expect(
      next.steps.flatMap((step) => (step.role === 'tool' ? [[step.toolCallId, step.content]] : [])),
    ).toEqual([
      ['a', 'ay'],
      ['b', 'bee'],
    ]);
  });

  test('a malformed reply is refused, naming what is wrong, and the turn stays open', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const prepared = await session.prepare('go');
    const stringArguments = { id: 'a', name: 'filesystem__read_file', arguments: '{"path":"a.txt"}' };
    const unparsed = await session
      // @ts-expect-error: arguments must be parsed before they are handed over
      .continue(prepared, { content: '', toolCalls: [stringArguments] }, [{ toolCallId: 'a', content: '' }])
      .catch((error: unknown) => error);
    expect(unparsed).toBeInstanceOf(ValidationError);
    expect((unparsed as ValidationError).issues.map((issue) => issue.path)).toEqual([
      'reply.toolCalls[0].arguments',
    ]);
    // @ts-expect-error: a reply has text content
    const noContent = await session.commit(prepared, { content: 42 }).catch((error: unknown) => error);
    expect(noContent).toBeInstanceOf(ValidationError);
    expect((noContent as ValidationError).issues.map((issue) => issue.path)).toEqual(['reply.content']);
    expect(session.isTurnOpen).toBe(true);
    await session.commit(prepared, 'fine');
    expect(session.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test('a turn is committed once: a second commit, or a rollback, while it is being written is refused', async () => {
    let release = () => {};
    const written = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = new (class extends MemoryStore {
      override async commitTurn(commit: TurnCommit) {
        await written;
        return super.commitTurn(commit);
      }
    })();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const prepared = await session.prepare('hello');
    const committing = session.commit(prepared, 'hi');
    const again = session.commit(prepared, 'hi again').catch((error: unknown) => error);
    const rolledBack = session.rollback(prepared);
    release();
    await committing;
    expect(await again).toBeInstanceOf(TransactionError);
    expect(rolledBack).toBe(false);
    expect(session.isTurnOpen).toBe(false);
    expect(session.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect((await store.loadSession(session.id))?.messages).toEqual(session.messages);
  });

  test('notes are written to the store, survive a reload, and never join a turn', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    await session.commit(await session.prepare('hello'), 'hi');
    await session.addNote('error', 'The model did not answer.');
    const reopened = await (await testEngine({ store })).openSession(session.id);
    expect(reopened.messages).toEqual(session.messages);
    for (const open of [session, reopened]) {
      const prepared = await rollbackAfter(open, 'again');
      const sentTurns = prepared.plan.included.flatMap(({ candidate }) =>
        candidate.kind === 'turn' ? candidate.messages : [],
      );
      expect(sentTurns.map((message) => message.role)).toEqual(['user', 'assistant']);
    }
  });
});

describe('session changes', () => {
  test('a store that refuses a change leaves the session as it was', async () => {
    let fail = false;
    const store = new (class extends MemoryStore {
      override saveSession(record: SessionRecord) {
        return fail ? Promise.reject(new Error('quota exceeded')) : super.saveSession(record);
      }
    })();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const before = session.record;
    fail = true;
    await expect(session.addItem({ type: 'rule', name: 'Error handling' })).rejects.toThrow('quota exceeded');
    await expect(session.setTitle('Renamed')).rejects.toThrow('quota exceeded');
    expect(session.record).toBe(before);
    fail = false;
    await session.addItem({ type: 'rule', name: 'Error handling' });
    expect(session.rules).toEqual(['Authentication', 'Error handling']);
  });

  test('changes made at the same time are all kept', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    await Promise.all([
      session.addItem({ type: 'rule', name: 'Error handling' }),
      session.addItem({ type: 'tool', name: 'list_dir', serverName: 'filesystem' }),
      session.setTitle('Busy'),
      session.pin({ kind: 'card', title: 'Goal', text: 'Ship it' }),
    ]);
    expect(session.rules).toEqual(['Authentication', 'Error handling']);
    expect(session.tools).toContainEqual({ serverName: 'filesystem', toolName: 'list_dir' });
    expect(session.record.title).toBe('Busy');
    expect(session.pins).toHaveLength(1);
    expect((await store.loadSession(session.id))?.record).toEqual(session.record);
  });

  test('an empty workspace is no workspace: nothing is sent for it', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.setWorkspace('Open file: src/index.ts');
    await session.setWorkspace('');
    expect(session.record.workspace).toBeNull();
    const prepared = await rollbackAfter(session, 'hello');
    expect(includedIds(prepared)).not.toContain('workspace');
    expect((prepared.request as OpenAIChatRequest).messages.at(-1)).toEqual({
      role: 'user',
      content: expect.stringContaining('hello'),
    });
  });

  test('sessions of one engine each send their own history', async () => {
    const engine = await testEngine({ defaultMode: 'off' });
    const alice = await engine.createSession();
    const bob = await engine.createSession();
    await alice.commit(await alice.prepare('My name is Alice.'), 'Hello Alice.');
    await bob.commit(
      await bob.prepare('My name is Bob, and I have a much longer introduction.'),
      'Hello Bob.',
    );
    const aliceRequest = JSON.stringify((await rollbackAfter(alice, 'Who am I?')).request);
    const bobPrepared = await rollbackAfter(bob, 'Who am I?');
    const bobRequest = JSON.stringify(bobPrepared.request);
    expect(aliceRequest).toContain('My name is Alice.');
    expect(bobRequest).toContain('My name is Bob');
    expect(bobRequest).not.toContain('Alice');
    const bobTurn = bobPrepared.plan.included.find(({ candidate }) => candidate.kind === 'turn');
    const aliceTurn = (await rollbackAfter(alice, 'Who am I?')).plan.included.find(
      ({ candidate }) => candidate.kind === 'turn',
    );
    expect(bobTurn?.candidate.tokens).toBeGreaterThan(aliceTurn?.candidate.tokens ?? Infinity);
  });

  test('an item edited in the catalog is sent, and counted, as it now is', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const before = await rollbackAfter(session, 'hello');
    engine.setCatalog({
      ...demoCatalog,
      rules: demoCatalog.rules?.map((rule) =>
        rule.name === 'Authentication'
          ? {
              ...rule,
              content: 'Check the session token on every request, and log every failure with its cause.',
            }
          : rule,
      ),
    });
    const after = await rollbackAfter(session, 'hello');
    const tokensOf = (prepared: typeof before) =>
      prepared.plan.included.find(({ candidate }) => candidate.id === 'rule:Authentication')?.candidate
        .tokens;
    expect(JSON.stringify(after.request)).toContain('log every failure with its cause');
    expect(tokensOf(after)).toBeGreaterThan(tokensOf(before) ?? Infinity);
  });
});

describe('pins, retrieval and the request context', () => {
  test('pinning any message of a turn keeps the whole turn; of two pins on it, the stronger holds it', async () => {
    const engine = await testEngine({ contextWindow: 1_200, reservedOutput: 200, defaultMode: 'off' });
    const session = await engine.createSession();
    await session.commit(await session.prepare('The launch code is 0000.'), 'Noted.');
    const [question, answer] = session.messages.map((message) => message.id);
    for (let i = 0; i < 12; i++)
      await session.commit(await session.prepare(`filler ${'x'.repeat(300)} ${i}`), 'ok');
    const turnReason = (prepared: {
      plan: { included: readonly { candidate: { id: string }; reason: unknown }[] };
    }) => prepared.plan.included.find(({ candidate }) => candidate.id === `turn:${question}`)?.reason;

    const leased = await session.pin(
      { kind: 'message', messageId: answer as string },
      { kind: 'leased', lease: { kind: 'turns', turns: 5 } },
    );
    const byReply = await rollbackAfter(session, 'What is the launch code?');
    expect(JSON.stringify(byReply.request)).toContain('The launch code is 0000.');
    expect(turnReason(byReply)).toEqual(expect.objectContaining({ code: 'pinned', pin: 'leased' }));

    const sticky = await session.pin({ kind: 'message', messageId: question as string });
    expect(turnReason(await rollbackAfter(session, 'What is the launch code?'))).toEqual(
      expect.objectContaining({ code: 'pinned', pin: 'sticky', pinId: sticky.id }),
    );

    await session.unpin(leased.id);
    await session.unpin(sticky.id);
    const unpinned = await rollbackAfter(session, 'What is the launch code?');
    expect(JSON.stringify(unpinned.request)).not.toContain('0000');
    expect(unpinned.plan.included.map(({ reason }) => reason.code)).not.toContain('pinned');
    const turns = [...unpinned.plan.included, ...unpinned.plan.excluded].flatMap(({ candidate }) =>
      candidate.kind === 'turn' ? [candidate] : [],
    );
    expect(turns.filter((turn) => turn.pinned)).toEqual([]);
  });

  test('a pinned message of a reopened session keeps its turn', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store, contextWindow: 1_200, reservedOutput: 200, defaultMode: 'off' });
    const session = await engine.createSession();
    await session.commit(await session.prepare('The launch code is 0000.'), 'Noted.');
    await session.addNote('system', 'Saved.');
    for (let i = 0; i < 12; i++)
      await session.commit(await session.prepare(`filler ${'x'.repeat(300)} ${i}`), 'ok');
    const reopened = await (
      await testEngine({ store, contextWindow: 1_200, reservedOutput: 200 })
    ).openSession(session.id);
    const question = reopened.messages[0]?.id as string;
    await reopened.pin({ kind: 'message', messageId: reopened.messages[1]?.id as string });
    const prepared = await rollbackAfter(reopened, 'What is the launch code?');
    expect(JSON.stringify(prepared.request)).toContain('The launch code is 0000.');
    expect(includedIds(prepared)).toContain(`turn:${question}`);
  });

  test('an ephemeral pin of a long message is a short card, not the whole message', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.commit(await session.prepare(`Remember this: ${'details '.repeat(100)}`), 'ok');
    const pin = await session.pin(
      { kind: 'message', messageId: session.messages[0]?.id as string },
      { kind: 'ephemeral' },
    );
    const prepared = await rollbackAfter(session, 'next');
    const card = prepared.plan.included.find(({ candidate }) => candidate.id === `pin:${pin.id}`)
      ?.candidate as CardCandidate;
    expect(card.kind).toBe('card');
    expect(card.text).toMatch(/^Remember this: details details/);
    expect(card.text.length).toBeLessThanOrEqual(280);
    expect(card.text.endsWith('…')).toBe(true);
  });

  test('a pinned item is in the request context as pinned, with what it cost, and retrieval does not offer it again', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.pin({ kind: 'item', ref: { type: 'tool', name: 'read_file', serverName: 'filesystem' } });
    const prepared = await rollbackAfter(session, 'read a file from disk');
    expect(prepared.retrievalSet?.hits.map((hit) => hit.key)).not.toContain('tool:filesystem:read_file');
    const { items } = prepared.requestContext;
    expect(items.filter((item) => item.name === 'read_file')).toEqual([
      expect.objectContaining({ includeMode: 'manual', pin: 'sticky' }),
    ]);
    for (const item of items) {
      const planned = prepared.plan.included.find(({ candidate }) => candidate.id === itemKey(item));
      expect(item.tokens).toBeGreaterThan(0);
      expect(item.tokens).toBe(planned?.candidate.tokens);
    }
  });

  test('a selector offering items the catalog lost or disabled never gets them sent', async () => {
    const hit = (key: string, rank: number) => ({
      key,
      score: 0.9,
      rank,
      provenance: { query: 'q', lexicalRank: rank, vectorRank: null, matched: [] },
    });
    const selector: AgentSelector = {
      name: 'fixed',
      select: ({ query }) => ({
        id: 'fixed-set',
        selector: 'fixed',
        query,
        hits: [hit('rule:Gone', 1), hit('rule:File operations', 2), hit('reference:Database schema', 3)],
      }),
    };
    const engine = await testEngine({
      selector,
      catalog: {
        ...demoCatalog,
        rules: demoCatalog.rules?.map((rule) =>
          rule.name === 'File operations' ? { ...rule, enabled: false } : rule,
        ),
      },
    });
    const session = await engine.createSession();
    await session.setMode('heavy');
    const prepared = await rollbackAfter(session, 'anything');
    const agent = prepared.requestContext.items.filter((item) => item.includeMode === 'agent');
    expect(agent.map((item) => item.name)).toEqual(['Database schema']);
    const sent = JSON.stringify(prepared.request);
    expect(sent).toContain('CREATE TABLE users');
    expect(sent).not.toContain('Write files atomically');
  });
});
