import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { itemKey } from '../catalog/index.js';
import { planInputArb } from '../planner/arbitraries.js';
import {
  type CapsuleCandidate,
  type ContextPlan,
  contentHash,
  type ItemCandidate,
  type PlanInput,
  planContext,
} from '../planner/index.js';

/** The input with a capsule for some of its references' candidates, some of them stale. */
const withCapsulesArb = planInputArb({ fitting: true }).chain((input) => {
  const items = [...input.session, ...input.pins, ...input.agent].filter(
    (candidate): candidate is ItemCandidate =>
      candidate.kind === 'item' && candidate.ref.type === 'reference',
  );
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  return fc
    .tuple(
      ...unique.map(() =>
        fc.option(fc.record({ tokens: fc.integer({ min: 0, max: 400 }), stale: fc.boolean() }), {
          nil: null,
        }),
      ),
    )
    .map((choices) => {
      const capsules: CapsuleCandidate[] = [];
      choices.forEach((choice, i) => {
        const item = unique[i] as ItemCandidate;
        if (!choice) return;
        const draft = {
          kind: 'capsule' as const,
          id: `capsule:${item.id}`,
          section: 'references' as const,
          tokens: choice.tokens,
          ref: item.ref,
          summary: `summary of ${item.id}`,
          contentHash: 'h',
          stale: choice.stale,
          hash: '',
        };
        capsules.push({ ...draft, hash: contentHash(draft) });
      });
      return { input, capsules };
    });
});

const planned = (input: PlanInput): ContextPlan | null => {
  try {
    return planContext(input);
  } catch {
    return null;
  }
};

describe('capsules in the planner', () => {
  test('a capsule is sent only for a reference left out for room, in room left over, displacing nothing', () => {
    fc.assert(
      fc.property(withCapsulesArb, ({ input, capsules }) => {
        const without = planned(input);
        fc.pre(without !== null && capsules.length > 0);
        const plan = planContext({ ...input, capsules });
        expect(plan.budget.used).toBeLessThanOrEqual(plan.budget.available);
        // Everything else is planned exactly as without capsules.
        const others = plan.included.filter((entry) => entry.candidate.kind !== 'capsule');
        expect(others.map((entry) => entry.candidate.id)).toEqual(
          (without as ContextPlan).included.map((entry) => entry.candidate.id),
        );
        const excludedReason = new Map(plan.excluded.map((entry) => [entry.candidate.id, entry.reason]));
        const includedIds = new Set(plan.included.map((entry) => entry.candidate.id));
        for (const capsule of capsules) {
          const sent = includedIds.has(capsule.id);
          expect(sent !== excludedReason.has(capsule.id)).toBe(true);
          const reference = excludedReason.get(itemKey(capsule.ref))?.code;
          if (capsule.stale) expect(excludedReason.get(capsule.id)).toEqual({ code: 'capsule-stale' });
          if (sent) {
            expect(capsule.stale).toBe(false);
            expect(['budget', 'agent-share', 'mode-limit']).toContain(reference);
          }
          if (includedIds.has(itemKey(capsule.ref))) expect(sent).toBe(false);
        }
      }),
    );
  });
});
