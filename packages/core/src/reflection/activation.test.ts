import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BudgetError } from '../errors/index.js';
import { planInputArb } from '../planner/arbitraries.js';
import { type ContextPlan, type PlanInput, planContext } from '../planner/index.js';
import type { SessionRecord } from '../session/index.js';
import { ACTIVATION_RULES, nextActivation } from './activation.js';
import { ACTIVATION_WEIGHT, withReflection } from './state.js';

const noCalibration = { forPlan: () => undefined };

function recordWith(activation: Record<string, number>): SessionRecord {
  return {
    id: 's',
    title: 't',
    createdAt: '',
    updatedAt: '',
    contextItems: [],
    pins: [],
    mode: null,
    taskId: null,
    workspace: null,
    turnCount: 0,
    reflection: { activation, pinReferences: {}, pending: [] },
  };
}

describe('nextActivation', () => {
  it('adds what the turn gave and halves what was there', () => {
    const after = nextActivation(
      { 'rule:A': 2, 'rule:B': 1 },
      {
        included: ['rule:A', 'rule:C'],
        replied: ['rule:C'],
        user: ['rule:D'],
      },
    );
    expect(after).toEqual({ 'rule:A': 2, 'rule:B': 0.5, 'rule:C': 3, 'rule:D': 2 });
  });

  it('counts a key once per kind of gain, however often it is listed', () => {
    expect(nextActivation({}, { included: ['rule:A', 'rule:A'], replied: [], user: [] })).toEqual({
      'rule:A': ACTIVATION_RULES.included,
    });
  });

  it('forgets an item a few turns after it stops being used', () => {
    let state: Record<string, number> = { 'rule:A': 5 };
    for (let turn = 0; turn < 10; turn++)
      state = nextActivation(state, { included: [], replied: [], user: [] });
    expect(state).toEqual({});
  });
});

/** Plan inputs with agent items, each given some activation (or none). */
const withActivationArb = planInputArb().chain((input) =>
  fc
    .array(fc.option(fc.double({ min: 0, max: 20, noNaN: true }), { nil: undefined }), {
      minLength: input.agent.length,
      maxLength: input.agent.length,
    })
    .map((values) => {
      const activation: Record<string, number> = {};
      input.agent.forEach((candidate, i) => {
        const value = Math.round((values[i] ?? 0) * 1000) / 1000;
        if (value > 0) activation[candidate.id] = value;
      });
      return { input, activation };
    }),
);

function planOrError(input: PlanInput): ContextPlan | BudgetError {
  try {
    return planContext(input);
  } catch (error) {
    if (error instanceof BudgetError) return error;
    throw error;
  }
}

describe('withReflection', () => {
  it('never makes a plan exceed its budget, and the plan stays deterministic', () => {
    fc.assert(
      fc.property(withActivationArb, ({ input, activation }) => {
        const record = recordWith(activation);
        const reflected = withReflection(input, record, noCalibration);
        const plan = planOrError(reflected);
        const again = planOrError(withReflection(input, record, noCalibration));
        expect(JSON.stringify(again)).toBe(JSON.stringify(plan));
        // Activation changes the order of retrieval's items, never which items exist or what is required.
        expect(plan instanceof BudgetError).toBe(planOrError(input) instanceof BudgetError);
        if (plan instanceof BudgetError) return;
        expect(plan.budget.used).toBeLessThanOrEqual(plan.budget.available);
        expect(new Set(reflected.agent.map((c) => c.id))).toEqual(new Set(input.agent.map((c) => c.id)));
        // The reason of each agent item it let in names the activation that raised it.
        for (const { candidate, reason } of plan.included) {
          if (reason.code !== 'agent') continue;
          expect(reason.activation).toBe(activation[candidate.id]);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('ranks an active item above a slightly better-scored inactive one, and the plan id says so', () => {
    fc.assert(
      fc.property(
        planInputArb().filter((input) => input.agent.length >= 2),
        (input) => {
          const [first, second] = input.agent;
          if (!first || !second || first.id === second.id) return;
          const record = recordWith({ [second.id]: 10 });
          const reflected = withReflection(input, record, noCalibration);
          const score = (c: typeof first) => (c.origin.via === 'agent' ? c.origin.score : 0);
          const lift = (ACTIVATION_WEIGHT * 10) / 11;
          const ahead = reflected.agent.findIndex((c) => c.id === second.id);
          const behind = reflected.agent.findIndex((c) => c.id === first.id);
          if (score(second) + lift > score(first)) expect(ahead).toBeLessThan(behind);
          const plain = planOrError(input);
          const active = planOrError(reflected);
          if (!(plain instanceof BudgetError) && !(active instanceof BudgetError)) {
            expect(active.id).not.toBe(plain.id);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('leaves an input without active agent items and without calibration as it is', () => {
    fc.assert(
      fc.property(planInputArb(), (input) => {
        expect(withReflection(input, recordWith({ 'rule:nothing-offered': 3 }), noCalibration)).toBe(input);
      }),
      { numRuns: 50 },
    );
  });
});
