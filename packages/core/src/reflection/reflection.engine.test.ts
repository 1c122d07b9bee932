import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import type { TelemetryRecord } from './telemetry.js';

/** A seeded generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A provider whose tokenizer counts 1.3× what the planner counts, ± 5 %, as Claude's does against tiktoken. */
function fakeProvider(seed = 3) {
  const next = random(seed);
  return (planned: number) => ({ inputTokens: Math.round(planned * 1.3 * (1 + (next() * 2 - 1) * 0.05)) });
}

const QUESTIONS = ['How do I read a file?', 'What tables are in the database schema?', 'Write files safely'];

describe('usage calibration through the engine', () => {
  test('estimates converge on a provider that counts 1.3× ± 5 %, tighten the budget, and survive a reload', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    expect(await engine.reflection.calibration()).toMatchObject({ factor: 1, samples: 0 });
    const session = await engine.createSession();
    const provider = fakeProvider();
    for (let turn = 0; turn < 30; turn++) {
      const prepared = await session.prepare(`${QUESTIONS[turn % 3]} (${turn})`);
      await session.commit(prepared, 'Done.', provider(prepared.plan.budget.used));
    }
    const learned = await engine.reflection.calibration();
    expect(learned.samples).toBe(30);
    expect(Math.abs(learned.factor - 1.3)).toBeLessThan(0.03);
    expect(learned.spread).toBeLessThan(0.06);

    const next = await session.prepare('How do I read a file?');
    const calibrated = next.plan.calibration;
    expect(calibrated).toMatchObject({ model: 'test-model', factor: learned.factor, tightened: true });
    // 8,000 − 1,000 reserved, in the model's tokens: the planner's budget shrinks by the factor.
    expect(next.plan.budget.available).toBe(Math.floor(7_000 / learned.factor));
    const actual = provider(next.plan.budget.used).inputTokens;
    expect(calibrated?.low).toBeLessThanOrEqual(actual);
    expect(calibrated?.high).toBeGreaterThanOrEqual(actual);
    expect(Math.abs((calibrated?.tokens ?? 0) - actual) / actual).toBeLessThan(0.08);
    await session.commit(next, 'Done.', provider(next.plan.budget.used));

    const reloaded = await testEngine({ store });
    expect((await reloaded.reflection.calibration()).factor).toBe(
      (await engine.reflection.calibration()).factor,
    );
    // The stored plan replays to the identical plan, calibration and all.
    expect(await reloaded.getPlan(next.plan.id)).toEqual(next.plan);
  });

  test('a private session teaches the calibration nothing', async () => {
    const engine = await testEngine();
    const session = await engine.createSession({ private: true });
    const provider = fakeProvider();
    for (let turn = 0; turn < 5; turn++) {
      const prepared = await session.prepare(QUESTIONS[turn % 3] as string);
      await session.commit(prepared, 'Done.', provider(prepared.plan.budget.used));
    }
    expect(await engine.reflection.calibration()).toMatchObject({ factor: 1, samples: 0 });
    expect(await engine.store.getDocument('calibration')).toBeUndefined();
  });

  test('estimates of a draft carry the calibrated range once there are reports', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    expect((await session.estimate('How do I read a file?')).calibration).toBeUndefined();
    const prepared = await session.prepare('How do I read a file?');
    await session.commit(prepared, 'Done.', { inputTokens: Math.round(prepared.plan.budget.used * 1.3) });
    await engine.reflection.calibration();
    const estimate = await session.estimate('How do I read a file?');
    expect(estimate.calibration).toMatchObject({
      samples: 1,
      factor: expect.closeTo(1.3, 2),
      tightened: false,
    });
    expect(estimate.calibration?.low).toBeLessThan(estimate.calibration?.tokens ?? 0);
    expect(estimate.calibration?.high).toBeGreaterThan(estimate.calibration?.tokens ?? 0);
  });
});

describe('activation through the engine', () => {
  test('an item the reply quoted is raised in the next ranking, with the reason in the plan, and replays', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const first = await session.prepare('What tables are in the database schema?');
    const agentIds = first.plan.included.flatMap(({ candidate, reason }) =>
      reason.code === 'agent' ? [candidate.id] : [],
    );
    expect(agentIds).toContain('reference:Database schema');
    const result = await session.commit(first, 'The Database schema lists the users table.');
    expect(result.reflection.referenced).toContain('reference:Database schema');
    expect(result.reflection.userReferenced).toContain('reference:Database schema');
    // Included (1), quoted by the reply (2), named by the user (2).
    expect(session.record.reflection?.activation['reference:Database schema']).toBe(5);

    const second = await session.prepare('And the database schema for sessions?');
    const reason = second.plan.included.find(
      (entry) => entry.candidate.id === 'reference:Database schema',
    )?.reason;
    expect(reason).toMatchObject({ code: 'agent', activation: 5 });
    await session.commit(second, 'Nothing about it.');
    const reloaded = await testEngine({ store });
    expect(await reloaded.getPlan(second.plan.id)).toEqual(second.plan);
    expect((await reloaded.openSession(session.id)).record.reflection?.activation).toEqual(
      session.record.reflection?.activation,
    );
  });
});

describe('promotion', () => {
  test('an ephemeral pin referenced in three turns becomes leased, renews while used and lapses unused', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const pin = await session.pin(
      { kind: 'item', ref: { type: 'rule', name: 'Error handling' } },
      { kind: 'ephemeral' },
    );
    const turn = async (reply: string) => {
      const prepared = await session.prepare('Next step?');
      return session.commit(prepared, reply);
    };
    expect((await turn('Follow Error handling here.')).reflection.pinChanges).toEqual([]);
    expect((await turn('Nothing relevant.')).reflection.pinChanges).toEqual([]);
    expect((await turn('Error handling again.')).reflection.pinChanges).toEqual([]);
    const promoted = await turn('As Error handling says.');
    expect(promoted.reflection.pinChanges).toEqual([
      {
        kind: 'promoted',
        pinId: pin.id,
        lease: { kind: 'turns', turns: 5 },
        reason: { code: 'referenced-often', turns: 3 },
      },
    ]);
    expect(session.pins[0]).toMatchObject({ kind: 'leased', lease: { turns: 5, remaining: 5 } });

    // Used again: the lease starts over; never sticky without the user.
    await turn('Nothing relevant.');
    expect(session.pins[0]).toMatchObject({ lease: { remaining: 4 } });
    const renewed = await turn('Error handling, once more.');
    expect(renewed.reflection.pinChanges).toEqual([
      { kind: 'renewed', pinId: pin.id, remaining: 6, reason: { code: 'referenced' } },
    ]);
    expect(session.pins[0]).toMatchObject({ kind: 'leased', lease: { remaining: 5 } });
    for (let i = 0; i < 4; i++) await turn('Nothing relevant.');
    expect(session.pins[0]?.kind).toBe('leased');
    const lapsed = await turn('Nothing relevant.');
    expect(lapsed.reflection.pinChanges).toEqual([
      { kind: 'lapsed', pinId: pin.id, reason: { code: 'unused', turns: 5 } },
    ]);
    expect(lapsed.expiredPins.map((expired) => expired.id)).toEqual([pin.id]);
    expect(session.pins).toEqual([]);
  });

  test('promotion rules are engine options, checked', async () => {
    await expect(testEngine({ promotion: { promoteAfter: 0 } })).rejects.toBeInstanceOf(ValidationError);
    await expect(testEngine({ promotion: { lease: { kind: 'turns', turns: 0 } } })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const engine = await testEngine({ promotion: { promoteAfter: 1, lease: { kind: 'turns', turns: 2 } } });
    const session = await engine.createSession();
    await session.pin({ kind: 'item', ref: { type: 'rule', name: 'Error handling' } }, { kind: 'ephemeral' });
    const prepared = await session.prepare('Next?');
    const { reflection } = await session.commit(prepared, 'Error handling applies.');
    expect(reflection.pinChanges[0]).toMatchObject({ kind: 'promoted', lease: { turns: 2 } });
  });
});

describe('waste', () => {
  test('counts the tokens of retrieved items the replies never referenced, per turn and per session', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.prepare('What tables are in the database schema? How do I read a file?');
    const auto = first.plan.included.filter(({ reason }) => reason.code === 'agent');
    expect(auto.length).toBeGreaterThanOrEqual(2);
    const schema = auto.find(({ candidate }) => candidate.id === 'reference:Database schema');
    expect(schema).toBeDefined();
    const total = auto.reduce((sum, { candidate }) => sum + candidate.tokens, 0);
    const { reflection } = await session.commit(first, 'See the Database schema.');
    expect(reflection.waste.autoTokens).toBe(total);
    expect(reflection.waste.wastedTokens).toBe(total - (schema?.candidate.tokens ?? 0));
    expect(reflection.waste.entries.find((entry) => entry.id === 'reference:Database schema')).toMatchObject({
      referenced: true,
    });

    // A reply calling a retrieved tool uses it.
    const second = await session.prepare('How do I read a file?');
    const calls = second.plan.included.filter(
      ({ candidate }) => candidate.id === 'tool:filesystem:read_file',
    );
    expect(calls).toHaveLength(1);
    const secondAuto = second.plan.included
      .filter(({ reason }) => reason.code === 'agent')
      .reduce((sum, { candidate }) => sum + candidate.tokens, 0);
    const next = await session.continue(
      second,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
      [{ toolCallId: 'c1', content: 'hello' }],
    );
    const done = await session.commit(next, 'It says hello.');
    expect(done.reflection.referenced).toContain('tool:filesystem:read_file');
    const session2 = await engine.reflection.waste(session.id);
    expect(session2.autoTokens).toBe(total + done.reflection.waste.autoTokens);
    expect(session2.wastedTokens).toBe(reflection.waste.wastedTokens + done.reflection.waste.wastedTokens);
    expect(session2.share).toBeCloseTo(session2.wastedTokens / session2.autoTokens, 10);
    expect(secondAuto).toBeGreaterThan(0);
  });
});

describe('telemetry export', () => {
  test("gives one JSON line per committed turn with plans, retrieval, tools, usage and the user's decisions", async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const other = await engine.createSession();
    const pin = await session.pin(
      { kind: 'item', ref: { type: 'rule', name: 'Error handling' } },
      { kind: 'ephemeral' },
    );
    await session.pin({ kind: 'card', title: 'Secret plan', text: 'private words' });
    const first = await session.prepare('How do I read a file?');
    const next = await session.continue(
      first,
      { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
      [{ toolCallId: 'c1', content: 'no such file', isError: true }],
    );
    await session.commit(next, 'The file is missing.', { inputTokens: 321 });
    await session.promotePin(pin.id, { kind: 'turns', turns: 2 });
    await session.commit(await session.prepare('Thanks'), 'You are welcome.');
    await session.unpin(pin.id);
    await session.commit(await session.prepare('Bye'), 'Bye.');
    await other.commit(await other.prepare('Hello'), 'Hi.');

    const lines = (await engine.reflection.exportTelemetry(session.id)).split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((line) => JSON.parse(line) as TelemetryRecord);
    expect(records).toHaveLength(3);
    const [one, two, three] = records;
    expect(one).toMatchObject({
      type: 'turn',
      sessionId: session.id,
      turnIndex: 0,
      planIds: [first.plan.id, next.plan.id],
      toolsCalled: [{ id: 'c1', name: 'filesystem__read_file', isError: true }],
    });
    expect(one?.retrieval?.id).toBe(first.retrievalSet?.id);
    expect(one?.retrieval?.hits.length).toBeGreaterThan(0);
    expect(one?.usage.map((report) => report.actualInputTokens)).toEqual([null, 321]);
    expect(one?.decisions.map((decision) => decision.kind)).toEqual(['pin', 'pin']);
    expect(one?.decisions[0]).toMatchObject({
      pinId: pin.id,
      pin: 'ephemeral',
      target: 'rule:Error handling',
    });
    expect(one?.decisions[1]).toMatchObject({ target: 'card' });
    expect(two?.decisions).toEqual([{ kind: 'promote', pinId: pin.id, lease: { kind: 'turns', turns: 2 } }]);
    expect(three?.decisions).toEqual([{ kind: 'unpin', pinId: pin.id }]);
    expect(JSON.stringify(records)).not.toContain('private words');
    expect(JSON.stringify(records)).not.toContain('Secret plan');

    const all = (await engine.reflection.exportTelemetry()).trim().split('\n');
    expect(all).toHaveLength(4);
  });

  test('records suggestions accepted and dismissed, with their source, on the next turn', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    await session.commit(
      await session.prepare('How do I read a file?'),
      'Use read_file.\n<ctxkit:suggest-pin ref="rule:Error handling" reason="errors came up"/>',
    );
    const card = await session.suggestPin({ kind: 'card', title: 'Deploy', text: 'Migrate first.' });
    const fromModel = session.suggestions.find((entry) => entry.source === 'model');
    if (!fromModel) throw new Error('the reply stored no suggestion');
    const pin = await session.acceptSuggestion(fromModel.id);
    await session.dismissSuggestion(card.id);
    await session.dismissSuggestion(card.id); // already gone: nothing more is recorded
    await session.commit(await session.prepare('Thanks'), 'You are welcome.');

    const [, second] = (await engine.reflection.exportTelemetry(session.id))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TelemetryRecord);
    expect(second?.decisions).toEqual([
      { kind: 'pin', pinId: pin.id, pin: 'sticky', target: 'rule:Error handling', at: pin.createdAt },
      { kind: 'accept-suggestion', suggestionId: fromModel.id, source: 'model', pinId: pin.id },
      { kind: 'dismiss-suggestion', suggestionId: card.id, source: 'host' },
    ]);
  });

  test("a branch's first turn records only what was decided in the branch", async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const first = await session.commit(await session.prepare('How do I read a file?'), 'Use read_file.');
    const second = await session.commit(await session.prepare('And list a folder?'), 'Use list_dir.');
    const onLater = await session.pin({ kind: 'message', messageId: second.assistantMessage.id });
    await session.commit(await session.prepare('Thanks'), 'You are welcome.');
    // Decided in the parent after its last turn: the parent's next turn records it, the branch's never does.
    const card = await session.suggestPin({ kind: 'card', title: 'Deploy', text: 'Migrate first.' });
    await session.dismissSuggestion(card.id);

    const branch = await session.fork(first.assistantMessage.id);
    expect(branch.pins.some((pin) => pin.id === onLater.id)).toBe(false);
    await branch.commit(await branch.prepare('Write files safely'), 'Done.');
    const [record] = (await engine.reflection.exportTelemetry(branch.id))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as TelemetryRecord);
    expect(record?.decisions).toEqual([]);
  });
});
