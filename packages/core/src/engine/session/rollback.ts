import type { SessionCore } from './core.js';
import type { PreparedTurn } from './types.js';

/** Abandons the open turn: nothing of it is written. False when `prepared` is not the open turn. */
export function rollbackTurn<R>(core: SessionCore<R>, prepared: PreparedTurn<R>): boolean {
  const open = core.openTurn;
  if (core.committing || open?.prepared !== prepared) return false;
  core.open = null;
  core.engine.pending.settled(core.id, 'rolled-back');
  return true;
}
