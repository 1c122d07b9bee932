export { BudgetMeter, type BudgetMeterProps } from './budget-meter.js';
export {
  type AutoEntry,
  autoIncluded,
  type BudgetLevel,
  type BudgetModel,
  type BudgetSegment,
  type BudgetThresholds,
  budgetOfError,
  budgetOfPlan,
  DEFAULT_THRESHOLDS,
} from './model.js';
export { DEFAULT_MODE_HOTKEY, type MeterVariant, useBudgetMeter } from './parts.js';
