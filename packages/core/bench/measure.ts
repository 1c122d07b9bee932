import { planContext, planId, renderOpenAIChat } from '../src/index.js';
import type { ScriptedTurn } from './fixtures.js';
import {
  type Bench,
  type BenchTurn,
  ENGINE_SETUP,
  playTurn,
  retrievalExclusions,
  storedInput,
} from './scenario.js';
import { type Timing, type TimingPlan, timeCases } from './stats.js';

export interface PointResult {
  readonly committedTurns: number;
  readonly historyMessages: number;
  /** `session.prepare` (retrieval, candidates, plan, render), each call rolled back so the session stays put. */
  readonly prepare: Timing;
  /**
   * The same, cycling through a few queries (the same at every point) seen during warm-up: retrieved items are
   * already measured (their tokens counted), so this is what is left when tokenizing new items is taken out.
   */
  readonly prepareCached: Timing;
  /** `selector.select` alone, on the same queries. */
  readonly selector: Timing;
  /** `planContext(input)` on the stored input of a real turn prepared at this point (`replayPlan` is the same). */
  readonly planner: Timing;
  /** Of the planner: `planId(input)`, the canonical-JSON hash of every candidate's fingerprint. */
  readonly planId: Timing;
  /** `renderOpenAIChat(plan)`: layout plus the OpenAI request. */
  readonly render: Timing;
  readonly plan: {
    readonly id: string;
    readonly replayMatches: boolean;
    readonly tokensUsed: number;
    readonly tokensAvailable: number;
    readonly historyTurnsIncluded: number;
    readonly historyTurnsExcluded: number;
    readonly agentItemsIncluded: number;
    readonly retrievalHits: number;
  };
}

/**
 * Measures one point of the conversation: prepare + rollback cycles on fresh and on repeated queries, then
 * `turn` is played for real (prepare → continue → commit) so its stored PlanInput can be fed to the planner,
 * the hasher and the renderer on their own.
 */
export async function measurePoint(
  bench: Bench,
  timing: TimingPlan,
  queries: { readonly fresh: readonly string[]; readonly repeated: readonly string[] },
  turn: ScriptedTurn,
): Promise<PointResult> {
  const { engine, session, selector } = bench;
  const committedTurns = session.record.turnCount;
  const historyMessages = session.messages.length;
  const query = (call: number) => queries.fresh[call % queries.fresh.length] as string;
  const repeated = (call: number) => queries.repeated[call % queries.repeated.length] as string;

  const rollback = (prepared: unknown) => {
    if (!session.rollback(prepared as BenchTurn)) throw new Error('rollback refused the prepared turn');
  };
  const { prepare, prepareCached } = await timeCases(timing, {
    prepare: { body: (call) => session.prepare(query(call)), after: rollback },
    prepareCached: {
      body: (call) => session.prepare(repeated(call)),
      after: rollback,
    },
  });

  const prepared = await playTurn(session, turn);
  const input = await storedInput(engine, prepared.plan.id);
  const exclude = retrievalExclusions(session);
  const limit = engine.modeLimits[ENGINE_SETUP.mode].topK + 5;
  const parts = await timeCases(timing, {
    selector: {
      body: (call) => selector.select({ query: query(call), catalog: engine.catalog, exclude, limit }),
    },
    planner: { body: () => planContext(input) },
    planId: { body: () => planId(input) },
    render: { body: () => renderOpenAIChat(prepared.plan, { model: ENGINE_SETUP.model }) },
  });

  const { plan } = prepared;
  const historyIncluded = plan.included.filter((entry) => entry.candidate.kind === 'turn').length;
  return {
    committedTurns,
    historyMessages,
    prepare,
    prepareCached,
    ...parts,
    plan: {
      id: plan.id,
      replayMatches: planContext(input).id === plan.id,
      tokensUsed: plan.budget.used,
      tokensAvailable: plan.budget.available,
      historyTurnsIncluded: historyIncluded,
      historyTurnsExcluded: input.history.length - historyIncluded,
      agentItemsIncluded: plan.included.filter((entry) => entry.reason.code === 'agent').length,
      retrievalHits: prepared.retrievalSet?.hits.length ?? 0,
    },
  };
}
