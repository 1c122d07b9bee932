export { DEFAULT_RECALL_THRESHOLD, DEFAULT_STATEMENT_RECALL_THRESHOLD } from '../recall/index.js';
export { createEngine, type DeleteOptions, Engine, type EngineOptions, replayPlan } from './engine.js';
export type { FeedbackVerdict } from './feedback.js';
export type { ModelSettings } from './model.js';
export type { EngineEvent, PendingTurnEvent } from './pending-turns.js';
export { requestContextFromPlan } from './request-context.js';
export {
  type CommitResult,
  type PinOptions,
  type PreparedTurn,
  Session,
} from './session.js';
export type { NewSessionOptions, PrepareOptions } from './session-input.js';
export type { ToolResultInput } from './tool-results.js';
