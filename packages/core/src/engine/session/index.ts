export { SessionCore, type SessionOrigin } from './core.js';
export { loadTurnOperations, type TurnOperations, turnOperations } from './lazy.js';
export * as pins from './pins.js';
export { rollbackTurn } from './rollback.js';
export * as settings from './settings.js';
export * as transcript from './transcript.js';
export type { CommitResult, PinOptions, PreparedTurn } from './types.js';
