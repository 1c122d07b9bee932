import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetError } from '../errors/index.js';
import { planInputArb } from './arbitraries.js';
import { type ContextPlan, type PlanInput, planContext } from './index.js';

function planOrNull(input: PlanInput): ContextPlan | null {
  try {
    return planContext(input);
  } catch (error) {
    if (error instanceof BudgetError) return null;
    throw error;
  }
}

const calibrationArb = fc.record({
  model: fc.constant('claude'),
  factor: fc.double({ min: 0.5, max: 2, noNaN: true }),
  spread: fc.double({ min: 0, max: 0.5, noNaN: true }),
  samples: fc.integer({ min: 0, max: 50 }),
});

describe('a calibrated plan', () => {
  it('shrinks the budget only for a factor above 1 learned from 3 reports or more, never exceeds it, and replays', () => {
    fc.assert(
      fc.property(planInputArb(), calibrationArb, (plain, calibration) => {
        const input = { ...plain, calibration };
        const plan = planOrNull(input);
        if (!plan) return;
        const window = input.contextWindow - input.reservedOutput;
        const tightened = calibration.factor > 1 && calibration.samples >= 3;
        expect(plan.budget.available).toBe(tightened ? Math.floor(window / calibration.factor) : window);
        expect(plan.budget.used).toBeLessThanOrEqual(plan.budget.available);
        expect(plan.calibration).toMatchObject({ ...calibration, tightened });
        const { tokens, low, high } = plan.calibration ?? { tokens: 0, low: 0, high: 0 };
        expect(tokens).toBe(Math.round(plan.budget.used * calibration.factor));
        expect(low).toBeLessThanOrEqual(tokens);
        expect(high).toBeGreaterThanOrEqual(tokens);
        expect(planContext(structuredClone(input))).toEqual(plan);
        const without = planOrNull(plain);
        if (without) {
          expect(without.calibration).toBeUndefined();
          expect(without.id).not.toBe(plan.id);
        }
      }),
      { numRuns: 150 },
    );
  });
});
