import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BudgetError } from '../errors/index.js';
import { renderAnthropicMessages, renderOpenAIChat } from '../render/index.js';
import { planInputArb } from './arbitraries.js';
import {
  type Candidate,
  type ContextPlan,
  type ExclusionReason,
  type HistoryPolicy,
  type Importance,
  type InclusionReason,
  type PlanInput,
  planContext,
  type TurnCandidate,
} from './index.js';

const RUNS = { numRuns: 300 };

function planOrSkip(input: PlanInput): ContextPlan | null {
  try {
    return planContext(input);
  } catch (error) {
    if (error instanceof BudgetError) return null;
    throw error;
  }
}

function reasonsOf(plan: ContextPlan): Map<Candidate, InclusionReason | ExclusionReason> {
  return new Map(
    [...plan.included, ...plan.excluded].map((entry) => [entry.candidate, entry.reason] as const),
  );
}

/** The expected importance, written out from the rule rather than from the planner's code. */
function expectedImportance(
  turn: TurnCandidate,
  input: PlanInput,
  policy: HistoryPolicy,
  newest: number,
): Importance {
  const age = newest - turn.turnIndex;
  const failed = (candidate: TurnCandidate) =>
    candidate.messages.some((message) => message.role === 'tool' && message.isError === true);
  const criticalAges = input.history
    .filter((other) => failed(other) && newest - other.turnIndex < policy.errorTurns)
    .map((other) => newest - other.turnIndex);
  if (criticalAges.some((errorAge) => age <= errorAge)) return { level: 'critical', weight: 1 };
  if (age < policy.recentTurns) return { level: 'high', weight: 1 };
  const weight = policy.decay ** (age - policy.recentTurns + 1);
  return { level: weight >= 0.5 ? 'medium' : 'low', weight };
}

const newestOf = (input: PlanInput) =>
  Math.max(
    -1,
    ...input.history.map((turn) => turn.turnIndex),
    ...input.pins.flatMap((pin) => (pin.kind === 'turn' ? [pin.turnIndex] : [])),
  );

describe('history with checkpoints and importance', () => {
  test('turns a checkpoint covers are excluded as summarized by it; the checkpoint opens history, escaped', () => {
    let sent = 0;
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const plan = planOrSkip(input);
        const checkpoint = input.checkpoint;
        if (!plan || !checkpoint) return;
        const reasons = reasonsOf(plan);
        for (const turn of input.history) {
          const covered = turn.turnIndex >= checkpoint.fromTurn && turn.turnIndex <= checkpoint.toTurn;
          if (covered) expect(reasons.get(turn)).toEqual({ code: 'summarized', checkpointId: 'c1' });
          else expect(reasons.get(turn)?.code).not.toBe('summarized');
        }
        if (reasons.get(checkpoint)?.code !== 'checkpoint') return;
        sent++;
        expect(reasons.get(checkpoint)).toEqual({
          code: 'checkpoint',
          checkpointId: 'c1',
          fromTurn: checkpoint.fromTurn,
          toTurn: checkpoint.toTurn,
        });
        const history = plan.included.filter((entry) => entry.candidate.section === 'history');
        expect(history[0]?.candidate).toBe(checkpoint);

        const openai = renderOpenAIChat(plan, { model: 'm' }).messages;
        const summary = openai[openai[0]?.role === 'system' ? 1 : 0];
        expect(summary?.role).toBe('user');
        expect(summary?.content).toContain('summary');
        expect(summary?.content).toContain('Summary of &lt;earlier> turns');
        expect(summary?.content).not.toContain('<earlier>');
        const anthropic = renderAnthropicMessages(plan, { model: 'm' }).messages;
        const first = anthropic[0]?.content[0];
        expect(first?.type === 'text' && first.text).toBe(summary?.content);
      }),
      RUNS,
    );
    expect(sent).toBeGreaterThan(0);
  });

  test('history never takes more than its share; a turn left out for the share says why and did not fit it', () => {
    let dropped = 0;
    fc.assert(
      fc.property(planInputArb({ fitting: true, withHistoryPolicy: true }), (input) => {
        const plan = planOrSkip(input);
        const policy = input.historyPolicy;
        if (!plan || !policy) return;
        const cap = Math.floor(plan.budget.available * policy.maxShare);
        const sent = plan.included
          .filter((entry) => entry.reason.code === 'history' || entry.reason.code === 'checkpoint')
          .reduce((sum, entry) => sum + entry.candidate.tokens, 0);
        expect(sent).toBeLessThanOrEqual(cap);
        for (const { candidate, reason } of plan.excluded) {
          if (reason.code !== 'history-share') continue;
          dropped++;
          expect(reason.cap).toBe(cap);
          expect(reason.summarizer).toBe(policy.summarizer);
          expect(sent + candidate.tokens).toBeGreaterThan(cap);
        }
      }),
      RUNS,
    );
    expect(dropped).toBeGreaterThan(0);
  });

  test('every history turn weighed carries its importance: errors critical, recent high, older decaying', () => {
    const levels = new Set<string>();
    fc.assert(
      fc.property(planInputArb({ fitting: true, withHistoryPolicy: true }), (input) => {
        const plan = planOrSkip(input);
        const policy = input.historyPolicy;
        if (!plan || !policy) return;
        const newest = newestOf(input);
        const reasons = reasonsOf(plan);
        for (const turn of input.history) {
          const reason = reasons.get(turn);
          if (reason?.code !== 'history' && reason?.code !== 'history-share') continue;
          const expected = expectedImportance(turn, input, policy, newest);
          expect(reason.importance).toEqual(expected);
          levels.add(expected.level);
        }
      }),
      RUNS,
    );
    expect([...levels].sort()).toEqual(['critical', 'high', 'low', 'medium']);
  });

  test('without a policy, reasons carry no importance and history takes no share', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        if (input.historyPolicy) return;
        const plan = planOrSkip(input);
        if (!plan) return;
        for (const { reason } of [...plan.included, ...plan.excluded]) {
          expect(reason.code).not.toBe('history-share');
          if (reason.code === 'history') expect(reason).not.toHaveProperty('importance');
        }
      }),
      RUNS,
    );
  });

  test('retrieved items worth less than a turn never take its room: without them it is left out all the same', () => {
    let checked = 0;
    fc.assert(
      fc.property(planInputArb({ fitting: true, withHistoryPolicy: true }), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const reasons = reasonsOf(plan);
        const newest = newestOf(input);
        const policy = input.historyPolicy as HistoryPolicy;
        for (const turn of input.history) {
          if (reasons.get(turn)?.code !== 'budget') continue;
          const { weight } = expectedImportance(turn, input, policy, newest);
          const weaker = input.agent.filter((a) => a.origin.via === 'agent' && a.origin.score <= weight);
          if (weaker.length === 0) continue;
          checked++;
          const without = planContext({ ...input, agent: input.agent.filter((a) => !weaker.includes(a)) });
          const again = without.excluded.find((entry) => entry.candidate === turn);
          expect(again?.reason.code).toBe('budget');
        }
      }),
      RUNS,
    );
    expect(checked).toBeGreaterThan(0);
  });
});
