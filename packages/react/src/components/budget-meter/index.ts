export {
  type AutoEntry,
  autoIncluded,
  type BudgetLevel,
  type BudgetModel,
  type BudgetSegment,
  type BudgetThresholds,
  budgetOfError,
  budgetOfPlan,
  type CalibratedFigures,
  calibratedOfPlan,
  DEFAULT_THRESHOLDS,
  WASTE_TARGET,
  type WasteModel,
  wasteOfMessages,
} from '@ctxkit/core/view';
export { BudgetMeter, type BudgetMeterProps } from './budget-meter.js';
export { DEFAULT_MODE_HOTKEY, type MeterVariant, useBudgetMeter } from './parts.js';
