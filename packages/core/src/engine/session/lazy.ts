import type * as Operations from './operations.js';

/** What a turn runs: prepare, continue, estimate and commit (see operations.ts). */
export type TurnOperations = typeof Operations;

let operations: TurnOperations | undefined;

/** Loads the turn's operations, a chunk of their own: createEngine awaits it beside the tokenizer's ranks. */
export async function loadTurnOperations(): Promise<void> {
  operations ??= await import('./operations.js');
}

/** The turn's operations. Sessions come only from an engine, and an engine only once they are loaded. */
export function turnOperations(): TurnOperations {
  if (!operations)
    throw new Error('ctxkit: a session ran a turn before createEngine loaded the turn operations.');
  return operations;
}
