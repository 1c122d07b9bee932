import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BudgetError } from '../errors/index.js';
import { buildPlanInput, planInputSpecArb } from './arbitraries.js';
import {
  type ContextPlan,
  DEFAULT_RECALL_SHARE,
  type PlanInput,
  planContext,
  planId,
  type RecallCandidate,
} from './index.js';

function planOrSkip(input: PlanInput): ContextPlan | null {
  try {
    return planContext(input);
  } catch (error) {
    if (error instanceof BudgetError) return null;
    throw error;
  }
}

const withRecall = planInputSpecArb({ fitting: true })
  .filter((spec) => spec.recall !== null && spec.recall.length > 0)
  .map(buildPlanInput);

describe('recalled passages in plans', () => {
  test('they stay within their share, are never sent beside the history turn they quote, and say why', () => {
    fc.assert(
      fc.property(withRecall, (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        // Their share, and with history in blocks the room the block leaves under its high-water mark (at most
        // history's share, or the whole budget without a policy).
        const historyTaken = plan.included.reduce(
          (sum, { candidate, reason }) =>
            reason.code === 'history' || reason.code === 'checkpoint' ? sum + candidate.tokens : sum,
          0,
        );
        const historyRoom = input.historyPolicy
          ? Math.floor(plan.budget.available * input.historyPolicy.maxShare)
          : plan.budget.available;
        const slack = input.historyBlock ? Math.max(0, historyRoom - historyTaken) : 0;
        const share = Math.floor(plan.budget.available * (input.recallShare ?? DEFAULT_RECALL_SHARE));
        const cap = share + slack;
        const caps = new Set<number>();
        const reasons = new Map(
          [...plan.included, ...plan.excluded].map((entry) => [entry.candidate, entry.reason]),
        );
        const sentMessages = new Set(
          plan.included.flatMap(({ candidate }) =>
            candidate.kind === 'turn' ? candidate.messages.map((message) => message.id) : [],
          ),
        );
        let taken = 0;
        for (const candidate of input.recall as readonly RecallCandidate[]) {
          const reason = reasons.get(candidate);
          const quotesHistory = candidate.messageIds.some((id) => sentMessages.has(id));
          switch (reason?.code) {
            case 'recalled':
              expect(quotesHistory).toBe(false);
              expect(reason).toEqual({
                code: 'recalled',
                score: candidate.score,
                sessionId: candidate.sessionId,
                messageIds: candidate.messageIds,
                createdAt: candidate.createdAt,
              });
              taken += candidate.tokens;
              expect(taken).toBeLessThanOrEqual(cap);
              break;
            case 'duplicate-of-history':
              expect(quotesHistory).toBe(true);
              break;
            case 'recall-share':
              if (input.historyBlock) expect(reason.cap).toBeGreaterThanOrEqual(share);
              else expect(reason.cap).toBe(share);
              expect(reason.cap).toBeLessThanOrEqual(cap);
              expect(taken + candidate.tokens).toBeGreaterThan(reason.cap);
              caps.add(reason.cap);
              break;
            case 'budget':
              expect(reason.needed).toBeGreaterThan(reason.remaining);
              break;
            default:
              throw new Error(`unexpected reason for ${candidate.id}: ${reason?.code}`);
          }
        }
        expect(plan.sections.recall.tokens).toBe(taken);
        // One cap for the whole plan, and what was taken fits under it.
        expect(caps.size).toBeLessThanOrEqual(1);
        for (const used of caps) expect(taken).toBeLessThanOrEqual(used);
      }),
      { numRuns: 300 },
    );
  });

  test('a passage below the threshold is left out as such, whatever room there is', () => {
    fc.assert(
      fc.property(withRecall, fc.integer({ min: 1, max: 21 }), (input, threshold) => {
        const plan = planOrSkip({ ...input, recallThreshold: threshold });
        if (!plan) return;
        for (const { candidate, reason } of [...plan.included, ...plan.excluded]) {
          if (candidate.kind !== 'recall' || reason.code === 'duplicate-of-history') continue;
          expect(reason.code === 'below-threshold').toBe(candidate.score < threshold);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('a passage, its score, the share or the threshold changed gives another plan id', () => {
    fc.assert(
      fc.property(withRecall, fc.nat(), (input, pick) => {
        const recall = input.recall as readonly RecallCandidate[];
        const target = recall[pick % recall.length] as RecallCandidate;
        const changed = recall.map((candidate) =>
          candidate === target ? { ...candidate, score: candidate.score + 1 } : candidate,
        );
        const id = planId(input);
        expect(planId({ ...input, recall: changed })).not.toBe(id);
        expect(
          planId({ ...input, recallShare: ((input.recallShare ?? DEFAULT_RECALL_SHARE) + 0.5) % 1 }),
        ).not.toBe(id);
        expect(planId({ ...input, recallThreshold: (input.recallThreshold ?? 0) + 1 })).not.toBe(id);
      }),
      { numRuns: 100 },
    );
  });
});
