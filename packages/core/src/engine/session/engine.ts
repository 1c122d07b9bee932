import type { EngineContext } from '../context.js';
import type * as Operations from './operations.js';

/** The turn's operations, loaded once per engine (see `turnOperationsModule`). */
export type TurnOperations = typeof Operations;

/** What a session reads of its engine: the engine's context, and the operations its turns run. */
export interface SessionEngine<R, S = unknown> extends EngineContext<R, S> {
  readonly turns: TurnOperations;
}
