import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { input, turn } from './history.fixtures.js';
import {
  type ContextPlan,
  type HistoryBlockInput,
  type HistoryPolicy,
  type PlanInput,
  planContext,
  planId,
  type RecallCandidate,
  type TurnCandidate,
} from './index.js';

const POLICY: HistoryPolicy = {
  maxShare: 0.8,
  recentTurns: 3,
  errorTurns: 5,
  decay: 0.9,
  summarizer: 'none',
};
const BLOCKS: HistoryBlockInput = { from: null, block: 0, keepShare: 0.4 };

/** Turn indexes of the history turns a plan sends, oldest first. */
const sentTurns = (plan: ContextPlan) =>
  plan.included.flatMap(({ candidate }) => (candidate.kind === 'turn' ? [candidate.turnIndex] : []));

const turnsOf = (sizes: readonly number[]): TurnCandidate[] => sizes.map((tokens, i) => turn(i, tokens));

describe('history cut in blocks', () => {
  // 1,000-token window: history's high-water mark is 800 (its share), the low-water mark 400.
  test('while the block fits, history starts at its first turn and only grows at the end', () => {
    const plan = planContext(
      input({
        history: turnsOf([100, 100, 100, 100, 100, 100]),
        historyPolicy: POLICY,
        historyBlock: { ...BLOCKS, from: 2, block: 3 },
      }),
    );
    expect(sentTurns(plan)).toEqual([2, 3, 4, 5]);
    const reason = plan.excluded.find(({ candidate }) => candidate.id === 'turn:u1')?.reason;
    expect(reason).toEqual({ code: 'history-cutoff', after: 'turn:u2', block: 3 });
    expect(plan.cache.historyBlock).toEqual({ from: 2, block: 3, cut: false });
  });

  test('when it outgrows the high-water mark, it is cut once down to the low-water mark', () => {
    const plan = planContext(
      input({
        history: turnsOf([100, 100, 100, 100, 100, 100, 100, 100, 100]),
        historyPolicy: POLICY,
        historyBlock: { ...BLOCKS, from: 0, block: 1 },
      }),
    );
    expect(sentTurns(plan)).toEqual([5, 6, 7, 8]);
    expect(plan.cache.historyBlock).toEqual({ from: 5, block: 2, cut: true });
    expect(plan.excluded.map(({ reason }) => reason)).toEqual(
      [4, 3, 2, 1, 0].map(() => ({ code: 'history-cutoff', after: 'turn:u5', block: 2 })),
    );
  });

  test('before the first cut, everything that fits is sent and the block has no start', () => {
    const plan = planContext(
      input({ history: turnsOf([300, 300]), historyPolicy: POLICY, historyBlock: BLOCKS }),
    );
    expect(sentTurns(plan)).toEqual([0, 1]);
    expect(plan.cache.historyBlock).toEqual({ from: null, block: 0, cut: false });
  });

  test('a newest turn above the low-water mark is still sent when it fits under the high one', () => {
    const plan = planContext(
      input({ history: turnsOf([300, 300, 500]), historyPolicy: POLICY, historyBlock: BLOCKS }),
    );
    expect(sentTurns(plan)).toEqual([2]);
    expect(plan.cache.historyBlock).toEqual({ from: 2, block: 1, cut: true });
  });

  test('a newest turn larger than history may be starts the next block after it', () => {
    const plan = planContext(
      input({ history: turnsOf([100, 900]), historyBlock: BLOCKS, historyPolicy: POLICY }),
    );
    expect(sentTurns(plan)).toEqual([]);
    expect(plan.cache.historyBlock).toEqual({ from: 2, block: 1, cut: true });
  });

  test('the agent items keep their share: the high-water mark leaves it to them when retrieval ran', () => {
    const history = turnsOf([100, 100, 100, 100, 100, 100, 100, 100]);
    const limits = { topK: 3, minScore: 0, maxShare: 0.3 };
    const base = { history, historyBlock: BLOCKS, limits };
    // 990 left after the current turn: 690 for history once 300 are kept for agent items, so 800 is cut to 400.
    expect(sentTurns(planContext(input({ ...base, retrievalSetId: 'rs-1' })))).toEqual([4, 5, 6, 7]);
    expect(sentTurns(planContext(input({ ...base, retrievalSetId: null })))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  test('recall may use the room a block leaves under its high-water mark, beyond its own share', () => {
    const passage = (i: number): RecallCandidate => ({
      kind: 'recall',
      id: `recall:p${i}`,
      section: 'recall',
      tokens: 100,
      hash: `hp${i}`,
      sessionId: 's0',
      messageIds: [`old${i}`],
      createdAt: '2026-01-01T00:00:00.000Z',
      text: `passage ${i}`,
      score: 0.5,
    });
    const recall = [0, 1, 2, 3, 4, 5].map(passage);
    const base = {
      history: turnsOf([100, 100, 100, 100, 100, 100, 100, 100, 100]),
      historyPolicy: POLICY,
      recall,
      recallShare: 0.1,
    };
    // Cut to 400 of the 800 history may take: 100 for recall's share, and 400 of room the block leaves.
    const blocks = planContext(input({ ...base, historyBlock: { ...BLOCKS, from: 0 } }));
    expect(blocks.sections.recall.included).toBe(5);
    const sliding = planContext(input(base));
    expect(sliding.sections.recall.included).toBe(1);
  });

  test('the block is part of the plan id, and bad block input is named', () => {
    const base = input({ history: turnsOf([100, 100]), historyPolicy: POLICY });
    const ids = new Set([
      planId(base),
      planId({ ...base, historyBlock: BLOCKS }),
      planId({ ...base, historyBlock: { ...BLOCKS, block: 1 } }),
      planId({ ...base, historyBlock: { ...BLOCKS, keepShare: 0.3 } }),
    ]);
    expect(ids.size).toBe(4);
    const bad = { from: -1, block: 0.5, keepShare: 2 } as HistoryBlockInput;
    expect(() => planContext({ ...base, historyBlock: bad })).toThrow(ValidationError);
    try {
      planContext({ ...base, historyBlock: bad });
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
        'historyBlock.from',
        'historyBlock.block',
        'historyBlock.keepShare',
      ]);
    }
  });

  test('the stable prefix: system and stable items, then history, each with its breakpoint', () => {
    const plan = planContext(
      input({
        system: [
          {
            kind: 'prompt',
            id: 'prompt:system',
            section: 'system',
            tokens: 50,
            hash: 'h-s',
            part: 'global',
            name: 'system',
            text: 'Be brief.',
          },
        ],
        history: turnsOf([100, 120]),
        historyBlock: BLOCKS,
      }),
    );
    expect(plan.cache.prefixTokens).toBe(270);
    expect(plan.cache.breakpoints).toEqual([
      { after: 'system', tokens: 50 },
      { after: 'history', tokens: 270 },
    ]);
  });
});

/** A conversation planned turn by turn, each plan's block fed to the next request as the engine does. */
function replay(sizes: readonly number[], window: number, keepShare: number, blocks: boolean) {
  const plans: ContextPlan[] = [];
  let block: HistoryBlockInput = { from: null, block: 0, keepShare };
  for (let k = 0; k <= sizes.length; k++) {
    const request: PlanInput = input({
      contextWindow: window,
      history: turnsOf(sizes.slice(0, k)),
      historyPolicy: POLICY,
      ...(blocks && { historyBlock: block }),
    });
    const plan = planContext(request);
    plans.push(plan);
    const state = plan.cache.historyBlock;
    if (state) block = { from: state.from, block: state.block, keepShare };
  }
  return plans;
}

describe('block cutting over a whole conversation (property)', () => {
  const conversation = fc.record({
    sizes: fc.array(fc.integer({ min: 1, max: 250 }), { minLength: 1, maxLength: 60 }),
    window: fc.integer({ min: 300, max: 3000 }),
    keepShare: fc.integer({ min: 10, max: 70 }).map((n) => n / 100),
  });

  test('history stays the newest contiguous run; between cuts every request starts with the previous one’s history', () => {
    fc.assert(
      fc.property(conversation, ({ sizes, window, keepShare }) => {
        const plans = replay(sizes, window, keepShare, true);
        for (const [k, plan] of plans.entries()) {
          const sent = sentTurns(plan);
          // Contiguous and ending with the newest turn (or empty).
          expect(sent).toEqual(
            sent.length === 0 ? [] : Array.from({ length: sent.length }, (_, i) => k - sent.length + i),
          );
          const available = window - 10;
          const high = Math.floor(window * POLICY.maxShare);
          const tokens = sent.reduce((sum, index) => sum + (sizes[index] as number), 0);
          expect(tokens).toBeLessThanOrEqual(Math.min(high, available));
          const state = plan.cache.historyBlock;
          if (!state) throw new Error('no block state');
          if (state.cut) {
            const low = Math.floor(window * keepShare);
            const newest = sizes[k - 1] as number;
            expect(tokens <= low || (sent.length === 1 && newest > low)).toBe(true);
          } else if (k > 0) {
            // No cut: the previous request's history is still sent, first turn first.
            const before = sentTurns(plans[k - 1] as ContextPlan);
            expect(sent.slice(0, before.length)).toEqual(before);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test('a block cuts no more often than sliding drops a turn, and leaves history whole while it fits', () => {
    fc.assert(
      fc.property(conversation, ({ sizes, window, keepShare }) => {
        const blocks = replay(sizes, window, keepShare, true);
        const sliding = replay(sizes, window, keepShare, false);
        const changedStart = (plans: ContextPlan[]) =>
          plans.filter((plan, k) => k > 0 && sentTurns(plan)[0] !== sentTurns(plans[k - 1] as ContextPlan)[0])
            .length;
        expect(changedStart(blocks)).toBeLessThanOrEqual(changedStart(sliding));
        for (const [k, plan] of blocks.entries()) {
          if (sentTurns(sliding[k] as ContextPlan).length === k) expect(sentTurns(plan).length).toBe(k);
        }
      }),
      { numRuns: 300 },
    );
  });
});
