import { isStableReason } from './reasons.js';
import type { CacheBreakpoint, HistoryBlockState, IncludedEntry, PlanCache } from './types.js';

/**
 * The plan's stable prefix, from its included entries in prompt order: tools and the system prompt with stable items
 * (and the tool list's own cost when a stable tool is sent), then history. Everything else changes per request and
 * is sent after it.
 */
export function planCache(
  included: readonly IncludedEntry[],
  toolsPresent: number,
  historyBlock: HistoryBlockState | undefined,
): PlanCache {
  let system = 0;
  let history = 0;
  let stableTool = false;
  for (const { candidate, reason } of included) {
    if (candidate.kind === 'turn' || candidate.kind === 'checkpoint') history += candidate.tokens;
    else if (isStableReason(reason)) {
      system += candidate.tokens;
      stableTool ||= candidate.section === 'tools';
    }
  }
  if (stableTool) system += toolsPresent;
  const breakpoints: CacheBreakpoint[] = [];
  if (system > 0) breakpoints.push({ after: 'system', tokens: system });
  if (history > 0) breakpoints.push({ after: 'history', tokens: system + history });
  return { prefixTokens: system + history, breakpoints, ...(historyBlock && { historyBlock }) };
}
