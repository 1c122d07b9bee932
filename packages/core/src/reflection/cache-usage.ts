import type { Store } from '../store/index.js';

/** What a session's replies said about the provider's prompt cache. */
export interface CacheUsage {
  /** Usage reports that said how many input tokens came from the cache. */
  readonly reports: number;
  /** Input tokens of those reports, cached or not. */
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly cacheWriteTokens: number;
  /** cachedInputTokens ÷ inputTokens; null before any such report. */
  readonly hitRate: number | null;
}

/** Sums the cache figures of a session's usage reports (those that carry them). */
export async function sessionCacheUsage(store: Store, sessionId: string): Promise<CacheUsage> {
  let reports = 0;
  let inputTokens = 0;
  let cachedInputTokens = 0;
  let cacheWriteTokens = 0;
  for (const report of await store.listUsage(sessionId)) {
    if (report.cachedInputTokens === undefined || report.actualInputTokens === null) continue;
    reports += 1;
    inputTokens += report.actualInputTokens;
    cachedInputTokens += report.cachedInputTokens;
    cacheWriteTokens += report.cacheWriteTokens ?? 0;
  }
  return {
    reports,
    inputTokens,
    cachedInputTokens,
    cacheWriteTokens,
    hitRate: inputTokens > 0 ? Math.round((cachedInputTokens / inputTokens) * 10_000) / 10_000 : null,
  };
}
