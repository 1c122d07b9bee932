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
  type CalibratedFigures,
  calibratedOfPlan,
  DEFAULT_THRESHOLDS,
  WASTE_TARGET,
  type WasteModel,
  wasteOfMessages,
} from './model.js';
export { DEFAULT_MODE_HOTKEY, type MeterVariant, useBudgetMeter } from './parts.js';
