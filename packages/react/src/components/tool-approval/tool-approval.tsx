import type { ToolApproval as Decision, ToolCall } from '@ctxkit/core';
import { checkToolCalls, settledDecisions, type ToolDecisions, toolLabel } from '@ctxkit/core/view';
import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { cx } from '../../shared/index.js';

export interface ToolApprovalProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The tool calls of the model's reply that need the user's decision before they run. */
  readonly calls: readonly ToolCall[];
  /** Called once, when every call has a decision: each call's `'approved'` or `'denied'` by call id. */
  readonly onSettled: (decisions: ToolDecisions) => void;
  /** Called on each decision as the user makes it. */
  readonly onDecision?: (call: ToolCall, decision: Decision) => void;
}

/**
 * Asks the user before tool calls run: each call with its arguments (as text), Allow and Deny, and Allow all when
 * there are several. The host runs what was approved and records every decision with `session.continue`.
 */
export function ToolApproval({ calls, onSettled, onDecision, className, ...props }: ToolApprovalProps) {
  checkToolCalls(calls, { onSettled, onDecision });
  const format = useCtxkitFormat();
  const labels = format.labels.toolApproval;
  const [decisions, setDecisions] = useState<ReadonlyMap<string, Decision>>(new Map());
  const section = useRef<HTMLElement>(null);
  const settledRef = useRef(false);
  const settled = settledDecisions(calls, decisions);

  useEffect(() => {
    if (!settled || settledRef.current) return;
    settledRef.current = true;
    onSettled(settled);
  }, [settled, onSettled]);

  const decide = (chosen: readonly ToolCall[], decision: Decision) => {
    const open = chosen.filter((call) => !decisions.has(call.id));
    if (open.length === 0) return;
    const next = new Map(decisions);
    for (const call of open) next.set(call.id, decision);
    setDecisions(next);
    for (const call of open) onDecision?.(call, decision);
    // The buttons pressed are gone: focus the next open call, or the section once all are decided.
    const following = calls.find((call) => !next.has(call.id));
    requestAnimationFrame(() => {
      const target = following
        ? section.current?.querySelector<HTMLElement>(`[data-call="${CSS.escape(following.id)}"] button`)
        : section.current;
      target?.focus();
    });
  };

  const open = calls.filter((call) => !decisions.has(call.id));
  return (
    <section
      ref={section}
      tabIndex={-1}
      className={cx('ctxkit-approval', className)}
      aria-label={labels.title}
      {...props}
    >
      <h3 className="ctxkit-approval__heading">{format.text(labels.heading, { count: calls.length })}</h3>
      <ol className="ctxkit-approval__list">
        {calls.map((call) => {
          const decision = decisions.get(call.id);
          const name = toolLabel(call.name, format);
          return (
            <li
              key={call.id}
              className="ctxkit-approval__call"
              data-call={call.id}
              data-decision={decision ?? 'open'}
            >
              <p className="ctxkit-approval__name">{name}</p>
              <pre className="ctxkit-tools__code">{JSON.stringify(call.arguments, null, 2)}</pre>
              {decision ? (
                <p className="ctxkit-approval__decision" role="status">
                  {format.text(decision === 'approved' ? labels.allowed : labels.denied, { tool: name })}
                </p>
              ) : (
                <div className="ctxkit-approval__actions">
                  <button
                    type="button"
                    className="ctxkit-button"
                    aria-label={format.text(labels.allowNamed, { tool: name })}
                    onClick={() => decide([call], 'approved')}
                  >
                    {labels.allow}
                  </button>
                  <button
                    type="button"
                    className="ctxkit-button"
                    aria-label={format.text(labels.denyNamed, { tool: name })}
                    onClick={() => decide([call], 'denied')}
                  >
                    {labels.deny}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {open.length > 1 && (
        <button type="button" className="ctxkit-button" onClick={() => decide(open, 'approved')}>
          {format.text(labels.allowAll, { count: open.length })}
        </button>
      )}
    </section>
  );
}
