import { describe, expect, test } from 'vitest';
import { BudgetError, ValidationError } from '../errors/index.js';
import { testEngine } from './engine.fixtures.js';
import type { EngineEvent } from './pending-turns.js';

const ids = (plan: { included: readonly { candidate: { id: string } }[] }) =>
  plan.included.map((entry) => entry.candidate.id).filter((id) => !id.startsWith('current'));

describe('session.estimate', () => {
  test('plans a draft as prepare would, with the same items and tokens', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const draft = 'How do I read a file from disk?';
    const estimate = await session.estimate(draft);
    const prepared = await session.prepare(draft);
    expect(ids(estimate)).toEqual(ids(prepared.plan));
    expect(estimate.budget).toEqual(prepared.plan.budget);
    expect(estimate.sections).toEqual(prepared.plan.sections);
    expect(estimate.included.some((entry) => entry.reason.code === 'agent')).toBe(true);
  });

  test('opens no turn and writes nothing', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    await session.estimate('read a file');
    expect(session.isTurnOpen).toBe(false);
    expect(events).toEqual([]);
    expect(await engine.store.listPlans(session.id)).toEqual([]);
    await expect(session.prepare('read a file')).resolves.toBeDefined();
    // While a turn is open, a draft can still be estimated.
    await expect(session.estimate('next question')).resolves.toBeDefined();
  });

  test('leaves retrieval as it was: what the next message is given does not depend on the drafts estimated', async () => {
    const hitsOfNextMessage = async (drafts: readonly string[]) => {
      const engine = await testEngine();
      const session = await engine.createSession();
      await session.commit(await session.prepare('How do I read a file from disk?'), 'With read_file.');
      for (const draft of drafts) await session.estimate(draft);
      const next = await session.prepare('And how do I write it back?');
      return next.retrievalSet?.hits.map((hit) => [hit.key, hit.score, hit.provenance.query]);
    };
    const typed = await hitsOfNextMessage([
      'Wh',
      'What about the database',
      'What about the database schema?',
    ]);
    const untyped = await hitsOfNextMessage([]);
    // The first message's triggers carry over to the second, whether or not drafts were estimated in between.
    expect(untyped?.some(([, , query]) => query === 'How do I read a file from disk?')).toBe(true);
    expect(typed).toEqual(untyped);
  });

  test('an empty draft runs no retrieval and reflects the session as it is now', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const before = await session.estimate('');
    expect(before.included.some((entry) => entry.reason.code === 'agent')).toBe(false);
    expect(before.retrievalSetId).toBeNull();
    await session.addItem({ type: 'rule', name: 'Error handling' });
    const after = await session.estimate('');
    expect(after.sections.rules.included).toBe(before.sections.rules.included + 1);
    expect(after.budget.used).toBeGreaterThan(before.budget.used);
  });

  test('required context that does not fit is a BudgetError, and a non-string a ValidationError', async () => {
    const engine = await testEngine({ contextWindow: 400, reservedOutput: 100 });
    const session = await engine.createSession();
    await session.setWorkspace('A long open file. '.repeat(200));
    await expect(session.estimate('hello')).rejects.toBeInstanceOf(BudgetError);
    await expect(session.estimate(42 as unknown as string)).rejects.toBeInstanceOf(ValidationError);
  });
});
