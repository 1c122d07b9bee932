import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { type BudgetLevel, type BudgetThresholds, DEFAULT_THRESHOLDS } from './budget.js';

/**
 * A reply's token usage as providers and SDKs report it. The Vercel AI SDK's `LanguageModelUsage` fits as it is
 * (`inputTokenDetails.cacheReadTokens` or the older `cachedInputTokens`); every field may be missing.
 */
export interface TokenUsage {
  readonly inputTokens?: number | undefined;
  readonly outputTokens?: number | undefined;
  readonly totalTokens?: number | undefined;
  readonly reasoningTokens?: number | undefined;
  readonly cachedInputTokens?: number | undefined;
  readonly inputTokenDetails?:
    | {
        readonly cacheReadTokens?: number | undefined;
        readonly cacheWriteTokens?: number | undefined;
        readonly noCacheTokens?: number | undefined;
      }
    | undefined;
  readonly outputTokenDetails?: { readonly reasoningTokens?: number | undefined } | undefined;
}

export interface TokenMeterModel {
  readonly used: number;
  readonly max: number;
  /** Of `max`, 0–1 (above 1 when over). */
  readonly share: number;
  readonly level: BudgetLevel;
  readonly input: number | null;
  readonly cachedInput: number | null;
  readonly output: number | null;
  readonly reasoning: number | null;
}

const count = (value: number | undefined): number | null => (value === undefined ? null : value);

/** Checks the numbers a host passes and turns them into what the meter shows. */
export function tokenMeterModel(
  maxTokens: number,
  usedTokens: number,
  usage: TokenUsage | undefined,
  thresholds: BudgetThresholds = DEFAULT_THRESHOLDS,
): TokenMeterModel {
  const issues: ErrorIssue[] = [];
  const check = (path: string, value: unknown, positive = false) => {
    if (value === undefined && path.startsWith('usage.')) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (positive && value === 0))
      issues.push({
        path,
        message: `must be a ${positive ? 'positive' : 'non-negative'} finite number, got ${String(value)}`,
      });
  };
  check('maxTokens', maxTokens, true);
  check('usedTokens', usedTokens);
  check('usage.inputTokens', usage?.inputTokens);
  check('usage.outputTokens', usage?.outputTokens);
  check('usage.cachedInputTokens', usage?.cachedInputTokens);
  check('usage.reasoningTokens', usage?.reasoningTokens);
  check('usage.inputTokenDetails.cacheReadTokens', usage?.inputTokenDetails?.cacheReadTokens);
  check('usage.outputTokenDetails.reasoningTokens', usage?.outputTokenDetails?.reasoningTokens);
  if (issues.length > 0) throw new ValidationError('Invalid TokenMeter props', issues);
  const share = usedTokens / maxTokens;
  const level: BudgetLevel =
    share > 1 ? 'over' : share >= thresholds.danger ? 'danger' : share >= thresholds.warn ? 'warn' : 'ok';
  return {
    used: usedTokens,
    max: maxTokens,
    share,
    level,
    input: count(usage?.inputTokens),
    cachedInput: count(usage?.inputTokenDetails?.cacheReadTokens ?? usage?.cachedInputTokens),
    output: count(usage?.outputTokens),
    reasoning: count(usage?.outputTokenDetails?.reasoningTokens ?? usage?.reasoningTokens),
  };
}
