import { planCache } from './cache.js';
import { planId } from './fingerprint.js';
import { PLAN_PHASES, type PlanState, planState, promptBudget } from './phases/index.js';
import { checkPlanInput } from './plan-check.js';
import { isStableReason as isStable } from './reasons.js';
import {
  type CalibratedEstimate,
  type ContextPlan,
  type ExcludedEntry,
  type IncludedEntry,
  type PlanCalibration,
  type PlanInput,
  SECTIONS,
  type Section,
  type SectionTotals,
} from './types.js';

export { DEFAULT_MEMORY_SHARE, DEFAULT_RECALL_SHARE } from './phases/index.js';

/**
 * Plans one request: a pure function of its input. Required candidates (system prompt, session context,
 * sticky pins, the current turn, the workspace) must all fit or a BudgetError names them. Then, while budget
 * remains: leased pins, ephemeral pins, agent items (within the mode's top-k, threshold and share), and
 * history from the newest turn back, stopping at the first turn that does not fit so history stays contiguous.
 * Every candidate ends up in `included` or `excluded`, each with its reason.
 */
export function planContext(input: PlanInput): ContextPlan {
  checkPlanInput(input);
  const budget = promptBudget(input.contextWindow, input.reservedOutput, input.calibration, input.margin);
  const state = planState(input, budget.available);
  for (const phase of PLAN_PHASES) phase(state);
  return planOf(state, budget.factor > 1);
}

/** The plan the phases decided: what is in, in prompt order, what is out, and what the budget came to. */
function planOf(state: PlanState, tightened: boolean): ContextPlan {
  const { input, available, remaining, excluded, toolsCharged, cardsCharged } = state;
  const ordered = orderIncluded(state.included);
  const used = available - remaining;
  const calibration = input.calibration;
  return {
    id: planId(input),
    mode: input.mode,
    ...(input.auto && { auto: input.auto }),
    limits: input.limits,
    encoding: input.encoding,
    ...(input.template !== undefined && { template: input.template }),
    budget: {
      contextWindow: input.contextWindow,
      reservedOutput: input.reservedOutput,
      available,
      used,
      overhead:
        input.overhead.fixed +
        (toolsCharged ? input.overhead.toolsPresent : 0) +
        (cardsCharged ? (input.overhead.cardsPresent ?? 0) : 0),
    },
    sections: totals(ordered, excluded),
    included: ordered,
    excluded,
    retrievalSetId: input.retrievalSetId,
    redactions: input.redactions ?? [],
    ...(calibration && { calibration: calibrated(calibration, used, tightened) }),
    ...(input.queryCluster !== undefined && { queryCluster: input.queryCluster }),
    ...(input.reuse && { reuse: input.reuse }),
    cache: planCache(ordered, input.overhead.toolsPresent, state.block),
  };
}

const SECTION_RANK: ReadonlyMap<Section, number> = new Map(SECTIONS.map((section, i) => [section, i]));

/** Prompt order: by section; inside one, stable parts first (so provider prompt caches hit), then as given. */
function orderIncluded(entries: IncludedEntry[]): IncludedEntry[] {
  // Keys are computed once per entry; the sort then only compares numbers.
  const keyed = entries.map((entry, index) => {
    const { candidate, reason } = entry;
    return {
      entry,
      index,
      section: SECTION_RANK.get(candidate.section) ?? 0,
      // History stays chronological, pinned turns included; elsewhere stable parts come first.
      // A checkpoint opens history: it summarizes what came before every turn sent after it.
      volatile: candidate.kind === 'turn' || candidate.kind === 'checkpoint' || isStable(reason) ? 0 : 1,
      position:
        candidate.kind === 'turn'
          ? candidate.turnIndex
          : candidate.kind === 'item'
            ? candidate.order
            : candidate.kind === 'checkpoint'
              ? -1
              : 0,
    };
  });
  keyed.sort(
    (a, b) =>
      a.section - b.section || a.volatile - b.volatile || a.position - b.position || a.index - b.index,
  );
  return keyed.map(({ entry }) => entry);
}

function totals(
  included: readonly IncludedEntry[],
  excluded: readonly ExcludedEntry[],
): Record<Section, SectionTotals> {
  const result = Object.fromEntries(
    SECTIONS.map((s) => [s, { tokens: 0, included: 0, excluded: 0 }]),
  ) as Record<Section, { tokens: number; included: number; excluded: number }>;
  for (const { candidate } of included) {
    result[candidate.section].tokens += candidate.tokens;
    result[candidate.section].included += 1;
  }
  for (const { candidate } of excluded) result[candidate.section].excluded += 1;
  return result;
}

/** The plan's token count in the model's tokens, with a range of ± two spreads (about 95 % of requests). */
function calibrated(calibration: PlanCalibration, used: number, tightened: boolean): CalibratedEstimate {
  const tokens = used * calibration.factor;
  const width = Math.exp(2 * calibration.spread);
  return {
    ...calibration,
    tokens: Math.round(tokens),
    low: Math.floor(tokens / width),
    high: Math.ceil(tokens * width),
    tightened,
  };
}
