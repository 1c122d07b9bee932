import { costOfUsage } from '@ctxkit/core';
import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { cx } from '../../shared/index.js';
import { useBudgetMeter } from './parts.js';

/**
 * How much of the draft's request repeats from request to request (tools, system prompt, stable items, history):
 * the part a provider's prompt cache can serve.
 */
export function CachePrefix({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { plan } = useBudgetMeter();
  const format = useCtxkitFormat();
  if (!plan || plan.cache.prefixTokens === 0) return null;
  const { prefixTokens } = plan.cache;
  const share = Math.round((prefixTokens / Math.max(1, plan.budget.used)) * 100) / 100;
  return (
    <p className={cx('ctxkit-meter__prefix', className)} {...props}>
      {format.text(format.labels.meter.prefix, {
        prefix: prefixTokens,
        used: plan.budget.used,
        percent: format.percent(share),
      })}
    </p>
  );
}

/** The last reply's cost from the host's price table, and what the prompt cache saved; nothing without prices. */
export function ReplyCost({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  const { lastReply, prices } = useBudgetMeter();
  const format = useCtxkitFormat();
  const cost = lastReply && prices ? costOfUsage(lastReply, prices) : null;
  if (!cost) return null;
  return (
    <p className={cx('ctxkit-meter__cost', className)} {...props}>
      {format.text(cost.saved > 0 ? format.labels.meter.costSaved : format.labels.meter.cost, {
        cost: format.cost(cost.total),
        saved: format.cost(cost.saved),
      })}
    </p>
  );
}
