import type { ErrorIssue } from '../errors/index.js';
import { type HistoryEntry, timeOf } from './history-plan.js';
import type { HistoryBlockInput, HistoryBlockState } from './types.js';

/** Which history a request sends when history is cut in blocks, and the block left in force. */
export interface BlockCut {
  /** Entries to send, newest first. */
  readonly kept: readonly HistoryEntry[];
  /** Entries before the block, newest first: excluded as `history-cutoff`. */
  readonly dropped: readonly HistoryEntry[];
  readonly state: HistoryBlockState;
}

/**
 * Hysteresis over history: while everything from the block's first turn fits under `high` tokens, history starts
 * there and only grows at its end, so consecutive requests share their leading messages. When it no longer fits,
 * history is cut once, down to `low` tokens (when the newest entry alone is larger, to that entry if it fits
 * under `high`, else to nothing), and a new block starts at the oldest entry kept. `stream` is newest first.
 */
export function cutInBlocks(
  stream: readonly HistoryEntry[],
  block: HistoryBlockInput,
  high: number,
  low: number,
): BlockCut {
  const from = block.from;
  let inBlock = stream.length;
  let tokens = 0;
  for (let i = 0; i < stream.length; i++) {
    const entry = stream[i] as HistoryEntry;
    if (from !== null && timeOf(entry.candidate) < from) {
      inBlock = i;
      break;
    }
    tokens += entry.candidate.tokens;
  }
  if (tokens <= high) {
    return {
      kept: stream.slice(0, inBlock),
      dropped: stream.slice(inBlock),
      state: { from, block: block.block, cut: false },
    };
  }
  const first = stream[0] as HistoryEntry;
  let kept = 0;
  if (first.candidate.tokens > low) kept = first.candidate.tokens <= high ? 1 : 0;
  else {
    let used = 0;
    while (kept < stream.length && used + (stream[kept] as HistoryEntry).candidate.tokens <= low) {
      used += (stream[kept] as HistoryEntry).candidate.tokens;
      kept++;
    }
  }
  // Nothing fits: the next block starts with the turn after the newest one.
  const start = kept > 0 ? timeOf((stream[kept - 1] as HistoryEntry).candidate) : timeOf(first.candidate) + 1;
  return {
    kept: stream.slice(0, kept),
    dropped: stream.slice(kept),
    state: { from: start, block: block.block + 1, cut: true },
  };
}

/** Problems with a plan input's `historyBlock`, under `historyBlock.<field>`. */
export function checkBlockInput(block: HistoryBlockInput | undefined, issues: ErrorIssue[]): void {
  if (block === undefined) return;
  if (block.from !== null && !(Number.isInteger(block.from) && block.from >= 0))
    issues.push({ path: 'historyBlock.from', message: `must be null or an integer ≥ 0, got ${block.from}` });
  if (!(Number.isInteger(block.block) && block.block >= 0))
    issues.push({ path: 'historyBlock.block', message: `must be an integer ≥ 0, got ${block.block}` });
  if (!(block.keepShare >= 0 && block.keepShare <= 1))
    issues.push({
      path: 'historyBlock.keepShare',
      message: `must be between 0 and 1, got ${block.keepShare}`,
    });
}
