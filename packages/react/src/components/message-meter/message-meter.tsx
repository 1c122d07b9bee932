import { messageMeterOf } from '@ctxkit/core/view';
import { type HTMLAttributes, useMemo } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { usePlan, useRequestContext } from '../../queries/index.js';
import { cx } from '../../shared/index.js';

export interface MessageMeterProps extends Omit<HTMLAttributes<HTMLDetailsElement>, 'children'> {
  readonly sessionId: string;
  /** The reply the request produced: its request context names the plan. */
  readonly messageId: string;
}

/**
 * One line under a sent message saying what its request took, by part ("2,140 tokens: History 1,200 · …"), that
 * opens to the breakdown: every part with its tokens and share, and the window it had. Nothing renders for a
 * message without a request (a note, a turn written before requests were tracked).
 */
export function MessageMeter({ sessionId, messageId, className, ...props }: MessageMeterProps) {
  const format = useCtxkitFormat();
  const labels = format.labels.messageMeter;
  const context = useRequestContext(sessionId, messageId);
  const planId = context.data?.planId;
  const plan = usePlan(sessionId, planId);
  const model = useMemo(() => (plan.data ? messageMeterOf(plan.data, format) : null), [plan.data, format]);
  if (!planId) return null;
  if (!model) {
    return (
      <p className={cx('ctxkit-message-meter', 'ctxkit-muted', className)} data-state={plan.status}>
        {plan.isPending ? labels.loading : labels.missing}
      </p>
    );
  }
  return (
    <details className={cx('ctxkit-message-meter', className)} data-level={model.budget.level} {...props}>
      <summary className="ctxkit-message-meter__line">{model.line}</summary>
      <div className="ctxkit-message-meter__breakdown">
        <h3 className="ctxkit-message-meter__heading">{labels.heading}</h3>
        <ul className="ctxkit-message-meter__parts">
          {model.parts.map((part) => (
            <li key={part.section} data-section={part.section}>
              <span className="ctxkit-meter__swatch" data-section={part.section} aria-hidden="true" />
              <span>{part.label}</span>{' '}
              <span className="ctxkit-tokens">
                {format.text(labels.share, {
                  tokens: format.number(part.tokens),
                  share: format.percent(part.share),
                })}
              </span>
            </li>
          ))}
        </ul>
        <p className="ctxkit-muted">
          {format.text(labels.ofWindow, {
            used: format.number(model.budget.used),
            available: format.number(model.budget.available),
          })}
        </p>
      </div>
    </details>
  );
}
