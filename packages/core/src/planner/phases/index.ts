import { capsules } from './capsules.js';
import { historyAndAgents } from './history-and-agents.js';
import { optionalPins } from './pins.js';
import { recalledPassages } from './recall.js';
import { requiredParts } from './required.js';
import type { PlanState } from './state.js';

export { type PromptBudget, promptBudget } from './budget.js';
export { DEFAULT_MEMORY_SHARE } from './memories.js';
export { DEFAULT_RECALL_SHARE } from './recall.js';
export { type PlanState, planState } from './state.js';

/**
 * The planner's phases, in the order they run over one plan's state: each decides its candidates in the room the
 * phases before it left. The order is the planner's priorities: required parts, then optional pins, then history,
 * agent items and memories weighed together, then recalled passages, then capsules in what room is left.
 */
export const PLAN_PHASES: readonly ((state: PlanState) => void)[] = [
  requiredParts,
  optionalPins,
  historyAndAgents,
  recalledPassages,
  capsules,
];
