import type { Usage } from '@ctxkit/core';

// Token usage as each AI SDK major reports it, read by shape rather than by type, since one build of this package
// runs on whichever major the app installed:
//
//   what streamText reports (`totalUsage`)    ai 5: { inputTokens, cachedInputTokens }
//                                             ai 6, 7: { inputTokens, inputTokenDetails: { cacheReadTokens, … } }
//   what a model reports (middleware)         spec V2 (ai 5): { inputTokens: number, cachedInputTokens }
//                                             spec V3, V4 (ai 6, 7): { inputTokens: { total, cacheRead, … } }

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

/** A count that is either a number (older shapes) or an object whose `total` is the count (newer shapes). */
function total(value: unknown): number | undefined {
  return count(value) ?? count(field(value, 'total'));
}

/**
 * What the AI SDK or a model reported, as ctxkit's usage, in any major's shape; undefined when it did not say how
 * many prompt tokens it counted.
 */
export function usageOf(usage: unknown): Usage | undefined {
  const input = field(usage, 'inputTokens');
  const inputTokens = total(input);
  if (inputTokens === undefined) return undefined;
  const outputTokens = total(field(usage, 'outputTokens'));
  const details = field(usage, 'inputTokenDetails');
  const cached =
    count(field(input, 'cacheRead')) ??
    count(field(details, 'cacheReadTokens')) ??
    count(field(usage, 'cachedInputTokens'));
  const written = count(field(input, 'cacheWrite')) ?? count(field(details, 'cacheWriteTokens'));
  return {
    inputTokens,
    ...(outputTokens !== undefined && { outputTokens }),
    ...(cached !== undefined && { cachedInputTokens: cached }),
    ...(written !== undefined && { cacheWriteTokens: written }),
  };
}
