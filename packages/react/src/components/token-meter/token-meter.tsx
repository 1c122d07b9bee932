import { type BudgetThresholds, type TokenUsage, tokenMeterModel } from '@ctxkit/core/view';
import type { HTMLAttributes } from 'react';
import { FormatProvider, type LocaleProps, richText, useLocaleFormat } from '../../locale/index.js';
import { cx } from '../../shared/index.js';

export interface TokenMeterProps extends HTMLAttributes<HTMLDivElement>, LocaleProps {
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
 * ValidationError naming the prop. It needs no provider, so it takes `locale` and `labels` itself (over an enclosing
 * provider's, when there is one).
 */
export function TokenMeter({
  maxTokens,
  usedTokens,
  usage,
  thresholds,
  variant = 'full',
  locale,
  labels: overrides,
  className,
  ...props
}: TokenMeterProps) {
  const format = useLocaleFormat({ locale, labels: overrides }, 'TokenMeter');
  const model = tokenMeterModel(maxTokens, usedTokens, usage, thresholds);
  const labels = format.labels.tokenMeter;
  const t = format.text;
  const percent = format.percent(model.share);
  const details = [
    model.input !== null &&
      (model.cachedInput
        ? t(labels.inputCached, { tokens: model.input, cached: model.cachedInput })
        : t(labels.input, { tokens: model.input })),
    model.output !== null && t(labels.output, { tokens: model.output }),
    model.reasoning ? t(labels.reasoning, { tokens: model.reasoning }) : null,
  ].filter((entry): entry is string => typeof entry === 'string');
  return (
    <FormatProvider format={format}>
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
            aria-label={labels.title}
            aria-valuemin={0}
            aria-valuemax={model.max}
            aria-valuenow={Math.min(model.used, model.max)}
            aria-valuetext={t(labels.value, { used: model.used, max: model.max, percent })}
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
            {variant === 'compact'
              ? t(labels.compact, { used: format.compact(model.used), max: format.compact(model.max) })
              : richText(format, labels.figures, {
                  used: <strong>{format.number(model.used)}</strong>,
                  max: model.max,
                  percent,
                })}
          </span>
        </div>
        {variant === 'full' && details.length > 0 && (
          <p className="ctxkit-meter__last">
            {t(labels.lastReply, { details: details.join(labels.separator) })}
          </p>
        )}
      </div>
    </FormatProvider>
  );
}
