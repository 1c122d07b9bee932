export { commitTurn, rollbackTurn } from './commit.js';
export { SessionCore } from './core.js';
export * as pins from './pins.js';
export * as settings from './settings.js';
export * as transcript from './transcript.js';
export { continueTurn, estimateTurn, prepareTurn } from './turn.js';
export type { CommitResult, PinOptions, PreparedTurn } from './types.js';
