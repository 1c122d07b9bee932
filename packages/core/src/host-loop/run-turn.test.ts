import { describe, expect, test, vi } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { isCtxkitError, StaleSessionError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import { fileTools, scriptedModel, USAGE } from './host-loop.fixtures.js';
import { openTurn, runTurn } from './index.js';

async function fresh() {
  const engine = await testEngine();
  const session = await engine.createSession();
  return { engine, session };
}

/** The messages the engine holds for the session: a committed turn is in them, a rolled-back one is not. */
async function stored(engine: Awaited<ReturnType<typeof testEngine>>, sessionId: string) {
  return (await engine.openSession(sessionId)).messages;
}

describe('runTurn', () => {
  test('tool rounds, then the reply: one committed turn with every call, result and usage', async () => {
    const { engine, session } = await fresh();
    const model = scriptedModel([['a'], ['b', 'c'], 'The files say hi']);
    const tools = fileTools();
    const outcome = await runTurn({
      engine,
      sessionId: session.id,
      text: 'Read my files',
      callModel: model.callModel,
      runTools: tools.runTools,
    });
    expect(outcome.status).toBe('committed');
    if (outcome.status !== 'committed') return;
    expect(outcome.rounds).toBe(2);
    expect(outcome.roundLimit).toBe(false);
    expect(model.seen.map((call) => call.round)).toEqual([0, 1, 2]);
    // Each call gets the request the previous round planned, and that is the turn the outcome ends on.
    expect(new Set(model.seen.map((call) => call.turn.plan.id)).size).toBe(3);
    expect(outcome.turn).toBe(model.seen[2]?.turn);
    expect(tools.ran.map((calls) => calls.map((call) => call.id))).toEqual([['a'], ['b', 'c']]);
    const messages = await stored(engine, session.id);
    expect(messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(messages.at(-1)).toMatchObject({ id: outcome.result.assistantMessage.id });
    expect(messages[2]).toMatchObject({ toolCallId: 'a', content: 'contents of a.txt' });
    expect((await engine.store.listUsage(session.id)).map((report) => report.actualInputTokens)).toEqual([
      USAGE.inputTokens,
      USAGE.inputTokens,
      USAGE.inputTokens,
    ]);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test("the round limit under 'commit-with-note': the last reply is kept as text naming what it asked for", async () => {
    const { engine, session } = await fresh();
    const model = scriptedModel([['a']]);
    const tools = fileTools();
    const outcome = await runTurn({
      session,
      text: 'Keep reading',
      maxRounds: 2,
      onRoundLimit: 'commit-with-note',
      callModel: model.callModel,
      runTools: tools.runTools,
    });
    expect(outcome).toMatchObject({ status: 'committed', roundLimit: true, rounds: 2 });
    expect(model.seen).toHaveLength(3);
    expect(tools.ran).toHaveLength(2);
    const messages = await stored(engine, session.id);
    expect(messages.filter((message) => message.role === 'tool')).toHaveLength(2);
    const last = messages.at(-1);
    expect(last?.role === 'assistant' && last.modelReply).toEqual({
      content: '[Stopped after 2 rounds of tool calls; the model asked for filesystem__read_file again.]',
      model: 'scripted',
    });
  });

  test("the round limit under 'rollback' (the default): nothing is stored and the session takes the next turn", async () => {
    const { engine, session } = await fresh();
    const model = scriptedModel([['a']]);
    const outcome = await runTurn({
      session,
      text: 'Keep reading',
      maxRounds: 1,
      callModel: model.callModel,
      runTools: fileTools().runTools,
    });
    expect(outcome).toMatchObject({ status: 'rolled-back', reason: 'round-limit', rounds: 1 });
    expect(outcome.status === 'rolled-back' && String(outcome.error)).toContain('after 1 rounds');
    expect(model.seen).toHaveLength(2);
    expect(await stored(engine, session.id)).toEqual([]);
    expect(session.isTurnOpen).toBe(false);
    await expect(session.prepare('next')).resolves.toBeDefined();
  });

  test('no tool round at all with maxRounds 0: a reply calling tools is the limit at once', async () => {
    const { session } = await fresh();
    const tools = fileTools();
    const outcome = await runTurn({
      session,
      text: 'Read',
      maxRounds: 0,
      callModel: scriptedModel([['a']]).callModel,
      runTools: tools.runTools,
    });
    expect(outcome).toMatchObject({ status: 'rolled-back', reason: 'round-limit', rounds: 0 });
    expect(tools.ran).toEqual([]);
  });

  test('an abort mid-stream rolls the turn back at once, even before the model call returns', async () => {
    const { engine, session } = await fresh();
    const controller = new AbortController();
    let release: (() => void) | undefined;
    const model = scriptedModel([
      () =>
        new Promise((resolve) => {
          // This model ignores the signal: it answers when released, as a stream read to its end would.
          release = () => resolve({ reply: { content: 'too late' } });
        }),
    ]);
    const run = runTurn({
      session,
      text: 'A long story',
      callModel: model.callModel,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(release).toBeDefined());
    expect(engine.pendingTurn(session.id)?.content).toBe('A long story');
    const reason = new Error('stopped by the user');
    controller.abort(reason);
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect(session.isTurnOpen).toBe(false);
    release?.();
    const outcome = await run;
    expect(outcome).toMatchObject({ status: 'stopped', error: reason });
    expect(await stored(engine, session.id)).toEqual([]);
    expect(await engine.store.listUsage(session.id)).toEqual([]);
  });

  test('an abort while tools run stops the turn with what the tool runner threw', async () => {
    const { engine, session } = await fresh();
    const controller = new AbortController();
    const outcome = await runTurn({
      session,
      text: 'Read',
      callModel: scriptedModel([['a'], 'never asked']).callModel,
      signal: controller.signal,
      runTools: async (_calls, { signal }) => {
        controller.abort(new Error('stopped'));
        signal.throwIfAborted();
        return [];
      },
    });
    expect(outcome.status).toBe('stopped');
    expect(outcome.status === 'stopped' && String(outcome.error)).toContain('stopped');
    expect(await stored(engine, session.id)).toEqual([]);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });

  test('a signal aborted before the turn starts: the model is never called', async () => {
    const { session } = await fresh();
    const model = scriptedModel(['hi']);
    const outcome = await runTurn({
      session,
      text: 'Hello',
      callModel: model.callModel,
      signal: AbortSignal.abort(new Error('gone')),
    });
    expect(outcome.status).toBe('stopped');
    expect(model.seen).toEqual([]);
    expect(session.isTurnOpen).toBe(false);
  });

  test('a model error rolls the turn back and is handed back, not thrown', async () => {
    const { engine, session } = await fresh();
    const failure = new Error('the model is down');
    const outcome = await runTurn({
      session,
      text: 'Hello',
      callModel: scriptedModel([
        ['a'],
        async () => {
          throw failure;
        },
      ]).callModel,
      runTools: fileTools().runTools,
    });
    expect(outcome).toMatchObject({ status: 'rolled-back', reason: 'error', error: failure, rounds: 1 });
    expect(await stored(engine, session.id)).toEqual([]);
    expect(engine.pendingTurn(session.id)).toBeNull();
    await expect(session.prepare('again')).resolves.toBeDefined();
  });

  test('a reply calling tools without runTools, or a tool runner that throws, rolls the turn back', async () => {
    const { session } = await fresh();
    const without = await runTurn({ session, text: 'Read', callModel: scriptedModel([['a']]).callModel });
    expect(without).toMatchObject({ status: 'rolled-back', reason: 'error' });
    expect(without.status === 'rolled-back' && String(without.error)).toContain('filesystem__read_file');
    const thrown = await runTurn({
      session,
      text: 'Read',
      callModel: scriptedModel([['a']]).callModel,
      runTools: async () => {
        throw new Error('disk on fire');
      },
    });
    expect(thrown.status === 'rolled-back' && String(thrown.error)).toContain('disk on fire');
    expect(session.isTurnOpen).toBe(false);
  });

  test("a stale session at prepare is opened again under 'reopen', and thrown under 'throw'", async () => {
    const store = new MemoryStore();
    const here = await testEngine({ store });
    const there = await testEngine({
      store,
      newId: (() => {
        let id = 0;
        return () => `there-${++id}`;
      })(),
    });
    const mine = await here.createSession();
    await (await there.openSession(mine.id)).setMode('heavy');
    // This copy learns it is stale when its write is refused.
    await expect(mine.setMode('off')).rejects.toBeInstanceOf(StaleSessionError);
    const options = {
      engine: here,
      sessionId: mine.id,
      text: 'Hello',
      callModel: scriptedModel(['Hi']).callModel,
    };

    vi.spyOn(here, 'openSession').mockResolvedValueOnce(mine);
    await expect(runTurn({ ...options, onStale: 'throw' })).rejects.toBeInstanceOf(StaleSessionError);

    vi.spyOn(here, 'openSession').mockResolvedValueOnce(mine);
    const outcome = await runTurn({ ...options, onStale: 'reopen' });
    expect(outcome.status).toBe('committed');
    expect(outcome.session).not.toBe(mine);
    expect(outcome.session.mode).toBe('heavy');
    const saved = await store.loadSession(mine.id);
    expect(saved?.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  test('a commit refused as stale rolls the turn back; what the other tab wrote stays', async () => {
    const store = new MemoryStore();
    const here = await testEngine({ store });
    const there = await testEngine({ store, newId: () => `there-${Math.random()}` });
    const mine = await here.createSession();
    const outcome = await runTurn({
      session: mine,
      text: 'Hello',
      callModel: async () => {
        await (await there.openSession(mine.id)).setMode('heavy');
        return { reply: { content: 'Hi' } };
      },
    });
    expect(outcome.status).toBe('rolled-back');
    expect(outcome.status === 'rolled-back' && outcome.error).toBeInstanceOf(StaleSessionError);
    expect(mine.isTurnOpen).toBe(false);
    expect((await store.loadSession(mine.id))?.record.mode).toBe('heavy');
    expect(await here.openSession(mine.id).then((session) => session.messages)).toEqual([]);
  });

  test('wrong options are one ValidationError naming each path', async () => {
    const { engine, session } = await fresh();
    const error = await runTurn({
      session,
      sessionId: session.id,
      text: 'Hello',
      maxRounds: -1,
      onRoundLimit: 'commit',
      onStale: 'reopen',
      callModle: () => {},
    } as never).catch((caught: unknown) => caught);
    expect(isCtxkitError(error, 'invalid_input')).toBe(true);
    if (!isCtxkitError(error, 'invalid_input')) return;
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'options.callModle',
      'options.session',
      'options.onStale',
      'options.maxRounds',
      'options.onRoundLimit',
      'options.callModel',
    ]);
    expect(error.issues[0]?.message).toContain("did you mean 'callModel'");
    const missing = await runTurn({ text: 'Hello', callModel: async () => ({}) } as never).catch(
      (caught: unknown) => caught,
    );
    expect(isCtxkitError(missing, 'invalid_input') && missing.issues.map((issue) => issue.path)).toEqual([
      'options.engine',
      'options.sessionId',
    ]);
    // Nothing was prepared.
    expect(engine.pendingTurn(session.id)).toBeNull();
  });
});

describe('openTurn: a turn driven step by step', () => {
  test('reply, results, reply: the same rules, with each step refused out of order', async () => {
    const { engine, session } = await fresh();
    const turn = await openTurn({ session, text: 'Read', maxRounds: Infinity });
    expect(turn.state).toBe('open');
    await expect(turn.results([])).rejects.toMatchObject({ code: 'transaction_state' });
    const step = await turn.reply({
      reply: { content: '', toolCalls: [{ id: 'a', name: 'x', arguments: {} }] },
    });
    expect(step).toMatchObject({ kind: 'tool-calls', calls: [{ id: 'a' }] });
    expect(turn.state).toBe('awaiting-results');
    await expect(turn.reply({ reply: { content: 'early' } })).rejects.toMatchObject({
      code: 'transaction_state',
    });
    const next = await turn.results([{ toolCallId: 'a', content: 'ok' }]);
    expect(turn.prepared).toBe(next);
    expect(turn.rounds).toBe(1);
    const done = await turn.reply({ reply: { content: 'Done' }, usage: USAGE });
    expect(done.kind).toBe('committed');
    expect(turn.state).toBe('committed');
    expect(turn.rollback()).toBe(false);
    expect((await stored(engine, session.id)).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  test('a rollback while tool results are stored leaves no turn open', async () => {
    const { engine, session } = await fresh();
    const turn = await openTurn({ session, text: 'Read' });
    await turn.reply({ reply: { content: '', toolCalls: [{ id: 'a', name: 'x', arguments: {} }] } });
    const storing = turn.results([{ toolCallId: 'a', content: 'ok' }]);
    expect(turn.rollback()).toBe(true);
    await expect(storing).rejects.toMatchObject({ code: 'transaction_state' });
    expect(turn.state).toBe('rolled-back');
    expect(session.isTurnOpen).toBe(false);
    expect(engine.pendingTurn(session.id)).toBeNull();
  });
});
