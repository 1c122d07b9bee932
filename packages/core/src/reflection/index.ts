export type {
  PinChange,
  PinChangeReason,
  ReflectionState,
  TurnReflection,
  TurnWaste,
  UserDecision,
  Waste,
  WasteEntry,
} from '../session/index.js';
export { ACTIVATION_RULES, type ActivationGains, nextActivation } from './activation.js';
export { type CacheUsage, sessionCacheUsage } from './cache-usage.js';
export {
  CALIBRATION_DOCUMENT,
  type CalibrationTable,
  calibrationFromJson,
  calibrationKey,
  calibrationOf,
  calibrationToJson,
  EMPTY_STATS,
  learnRatio,
  MIN_SAMPLES,
  PRIOR_SPREAD,
  type RatioStats,
  WINDOW,
} from './calibration.js';
export { Calibrator } from './calibrator.js';
export { exportTelemetry, resolvePromotion, sessionWaste } from './engine-parts.js';
export { EngineReflection, openReflection, type Reflection } from './engine-reflection.js';
export {
  DEFAULT_PROMOTION,
  lapses,
  type PinReflection,
  type PromotionRules,
  reflectPins,
} from './promotion.js';
export {
  distinctiveTerms,
  findReferences,
  MIN_NAME_LENGTH,
  mentions,
  type ReferenceTarget,
} from './references.js';
export { ACTIVATION_WEIGHT, EMPTY_REFLECTION, pinDecisions, withDecision, withReflection } from './state.js';
export { type TelemetryRecord, type TelemetrySource, telemetryLines, telemetryRecords } from './telemetry.js';
export { type ReflectedTurn, reflectTurn, type TurnFacts } from './turn.js';
export { totalWaste, turnWaste, WASTE_TARGET } from './waste.js';
