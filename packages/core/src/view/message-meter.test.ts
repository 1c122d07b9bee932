import { describe, expect, test } from 'vitest';
import { demoCatalog, testEngine } from '../engine/engine.fixtures.js';
import { budgetOfPlan } from './budget.js';
import { messageMeterOf } from './message-meter.js';

describe('messageMeterOf', () => {
  test('one line of the largest parts, and every part in the breakdown, over the meter’s own figures', async () => {
    const engine = await testEngine({ catalog: demoCatalog });
    const session = await engine.createSession();
    await session.addItem({ type: 'rule', name: 'Error handling' });
    const prepared = await session.prepare('how do I read a file from disk?');
    const model = messageMeterOf(prepared.plan);
    expect(model.budget).toEqual(budgetOfPlan(prepared.plan));
    expect(model.parts.map((part) => part.tokens)).toEqual(
      [...model.parts.map((part) => part.tokens)].sort((a, b) => b - a),
    );
    expect(model.parts.reduce((sum, part) => sum + part.tokens, 0)).toBe(prepared.plan.budget.used);
    const [first, second, third] = model.parts;
    const more = model.parts.length - 3;
    expect(model.parts.length).toBeGreaterThan(3);
    expect(model.line).toBe(
      `${prepared.plan.budget.used.toLocaleString('en')} tokens: ${first?.label} ${first?.tokens} · ${second?.label} ${second?.tokens} · ${third?.label} ${third?.tokens} · +${more} more`,
    );
  });
});
