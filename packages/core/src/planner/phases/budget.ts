import type { PlanCalibration } from '../types.js';

/** Usage reports needed before a calibration factor above 1 shrinks the budget. */
const CALIBRATION_MIN_SAMPLES = 3;

/** The room a request's prompt has, before and after calibration. */
export interface PromptBudget {
  /** The context window less the output reserved for the reply. */
  readonly window: number;
  /** The calibration factor applied: 1 unless the model counts more tokens than the planner's tokenizer. */
  readonly factor: number;
  /** The room the plan fills: `window` shrunk by `factor`. */
  readonly available: number;
}

/**
 * A model that counts more tokens than the planner's tokenizer gets a budget shrunk by the learned factor, so the
 * prompt still fits its window; one that counts fewer keeps the full budget (the planner stays on the safe side).
 * Counts that are an estimate (`margin` > 1) keep the margin until enough reports replace it with what they taught.
 */
export function promptBudget(
  contextWindow: number,
  reservedOutput: number,
  calibration?: PlanCalibration,
  margin = 1,
): PromptBudget {
  const window = contextWindow - reservedOutput;
  const factor =
    calibration && calibration.samples >= CALIBRATION_MIN_SAMPLES ? Math.max(1, calibration.factor) : margin;
  return { window, factor, available: Math.floor(window / factor) };
}
