import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { planInputArb } from '../planner/arbitraries.js';
import { type ContextPlan, type PlanInput, planContext } from '../planner/index.js';
import { diffPlans, isEmptyDiff } from './index.js';

const includedIds = (plan: ContextPlan) => new Set(plan.included.map((entry) => entry.candidate.id));

/** A second input from the first: a smaller or larger window, so the same candidates compete for other room. */
const resized = (input: PlanInput, window: number): PlanInput => ({
  ...input,
  contextWindow: Math.max(input.reservedOutput + 1, window),
});

const planned = (input: PlanInput): ContextPlan | null => {
  try {
    return planContext(input);
  } catch {
    // A window too small for the required candidates has no plan to compare.
    return null;
  }
};

describe('diffPlans', () => {
  test('a plan compared with itself has no difference', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const plan = planned(input);
        fc.pre(plan !== null);
        const diff = diffPlans(plan, plan);
        expect(isEmptyDiff(diff)).toBe(true);
        expect(diff.before).toBe(plan.id);
        expect(diff.used).toEqual({ before: plan.budget.used, after: plan.budget.used });
      }),
    );
  });

  test("a's included ids without what left and with what entered are b's, each move with its reasons", () => {
    fc.assert(
      fc.property(
        planInputArb({ fitting: true }),
        planInputArb({ fitting: true }),
        fc.integer({ min: 0, max: 4_000 }),
        (a, other, window) => {
          // Unrelated inputs and the same input under another window: both must diff exactly.
          for (const bInput of [other, resized(a, window)]) {
            const before = planned(a);
            const after = planned(bInput);
            if (!before || !after) continue;
            const diff = diffPlans(before, after);
            const applied = includedIds(before);
            for (const entry of diff.left) applied.delete(entry.candidate.id);
            for (const entry of diff.entered) applied.add(entry.candidate.id);
            expect(applied).toEqual(includedIds(after));
            const excludedBefore = new Map(before.excluded.map((e) => [e.candidate.id, e.reason]));
            const excludedAfter = new Map(after.excluded.map((e) => [e.candidate.id, e.reason]));
            for (const entry of diff.entered) {
              expect(entry.before).toEqual(excludedBefore.get(entry.candidate.id) ?? null);
            }
            for (const entry of diff.left) {
              expect(entry.now).toEqual(excludedAfter.get(entry.candidate.id) ?? null);
            }
            for (const change of diff.changed) {
              expect(change.changes.length).toBeGreaterThan(0);
              expect(includedIds(before).has(change.id) && includedIds(after).has(change.id)).toBe(true);
            }
          }
        },
      ),
    );
  });

  test('names what a smaller window pushed out, with the budget reason, and what changed in tokens', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const roomy = planContext(resized(input, input.contextWindow + 100_000));
        const tight = planned(input);
        fc.pre(tight !== null);
        const diff = diffPlans(roomy, tight);
        // The same candidates on both sides: whatever moved is excluded, with its reason, where it is not sent.
        for (const entry of diff.left) {
          expect(entry.now).not.toBeNull();
          expect(tight.excluded.some((e) => e.candidate.id === entry.candidate.id)).toBe(true);
        }
        expect(diff.entered.every((entry) => entry.before !== null)).toBe(true);
      }),
    );
  });

  test('reports a changed token count and reason of a candidate both plans send', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const current = { ...input.current, tokens: input.current.tokens + 1 };
        const plan = planned(input);
        const bigger = planned({ ...input, current });
        fc.pre(plan !== null && bigger !== null);
        const diff = diffPlans(plan, bigger);
        const change = diff.changed.find((entry) => entry.id === input.current.id);
        expect(change?.changes).toContain('tokens');
        expect(change?.changes).not.toContain('section');
      }),
    );
  });
});
