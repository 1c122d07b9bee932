import type { HTMLAttributes } from 'react';
import { formatTokens, formatTokensShort } from '../../format/index.js';
import { cx } from '../../shared/index.js';
import type { BudgetThresholds } from '../budget-meter/model.js';
import { type TokenUsage, tokenMeterModel } from './model.js';

export interface TokenMeterProps extends HTMLAttributes<HTMLDivElement> {
  /** The context window, or the budget, in tokens. */
  readonly maxTokens: number;
  /** Tokens used of it: the last request's input, or a draft's estimate. */
  readonly usedTokens: number;
  /** The last reply's usage, shown as input (cached), output and reasoning; the AI SDK's `usage` fits as it is. */
  readonly usage?: TokenUsage | undefined;
  readonly thresholds?: BudgetThresholds | undefined;
  /** `compact`: "1.2k / 128k" only. Default `full`. */
  readonly variant?: 'full' | 'compact' | undefined;
}

/**
 * A context meter from plain numbers, for hosts that count tokens elsewhere (an SDK's usage, a server's figures):
 * no engine or provider needed. It looks like `BudgetMeter`'s bar and figures. Invalid numbers throw a
 * ValidationError naming the prop.
 */
export function TokenMeter({
  maxTokens,
  usedTokens,
  usage,
  thresholds,
  variant = 'full',
  className,
  ...props
}: TokenMeterProps) {
  const model = tokenMeterModel(maxTokens, usedTokens, usage, thresholds);
  const percent = Math.round(model.share * 100);
  const details = [
    model.input !== null &&
      `Input ${formatTokens(model.input)}${model.cachedInput ? ` (${formatTokens(model.cachedInput)} cached)` : ''}`,
    model.output !== null && `Output ${formatTokens(model.output)}`,
    model.reasoning ? `Reasoning ${formatTokens(model.reasoning)}` : null,
  ].filter((entry): entry is string => typeof entry === 'string');
  return (
    <div
      className={cx('ctxkit-meter', className)}
      data-state="ready"
      data-level={model.level}
      data-variant={variant}
      {...props}
    >
      <div className="ctxkit-meter__row">
        {/* biome-ignore lint/a11y/useSemanticElements: the same segmented bar as BudgetMeter's */}
        <div
          role="meter"
          aria-label="Context window"
          aria-valuemin={0}
          aria-valuemax={model.max}
          aria-valuenow={Math.min(model.used, model.max)}
          aria-valuetext={`${formatTokens(model.used)} of ${formatTokens(model.max)} tokens (${percent}%)`}
          className="ctxkit-meter__bar"
          data-level={model.level}
        >
          <span
            className="ctxkit-meter__segment"
            data-section={model.level === 'over' ? 'over' : 'history'}
            style={{ width: `${Math.min(100, model.share * 100)}%` }}
          />
        </div>
        <span className="ctxkit-meter__figures">
          {variant === 'compact' ? (
            `${formatTokensShort(model.used)} / ${formatTokensShort(model.max)} tokens`
          ) : (
            <>
              <strong>{formatTokens(model.used)}</strong> / {formatTokens(model.max)} tokens ({percent}%)
            </>
          )}
        </span>
      </div>
      {variant === 'full' && details.length > 0 && (
        <p className="ctxkit-meter__last">Last reply: {details.join(' · ')}</p>
      )}
    </div>
  );
}
