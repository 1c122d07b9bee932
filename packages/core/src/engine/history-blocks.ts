import type { ContextPlan, HistoryBlockInput } from '../planner/index.js';
import type { SessionRecord, Turn } from '../session/index.js';

/**
 * The plan input's history block: the record names the block's first turn by its user message, which outlives
 * deletions that renumber turns. A block whose first message is gone starts afresh.
 */
export function blockInput(
  record: SessionRecord,
  turnOf: ReadonlyMap<string, Turn>,
  keepShare: number,
): HistoryBlockInput {
  const stored = record.historyBlock;
  const from = stored ? (turnOf.get(stored.from)?.index ?? null) : null;
  return { from, block: from === null ? 0 : (stored?.block ?? 0), keepShare };
}

/**
 * The record with the block the turn's last plan left in force. `turns` are the session's turns before this one;
 * `newTurnId` is the user message of the turn being committed (a block may start with it).
 */
export function withBlock(
  record: SessionRecord,
  plan: ContextPlan,
  turns: readonly Turn[],
  newTurnId: string,
): SessionRecord {
  const state = plan.cache.historyBlock;
  if (!state || state.from === null) return record;
  const from = state.from < turns.length ? (turns[state.from] as Turn).id : newTurnId;
  if (record.historyBlock?.from === from && record.historyBlock.block === state.block) return record;
  return { ...record, historyBlock: { from, block: state.block } };
}
