import { BLOB_REF_PREFIX } from '@ctxkit/core';
import { type ToolStep, toolLabel, toolSteps } from '@ctxkit/core/view';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useEngine } from '../../provider/index.js';
import { useMessages } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface ToolTraceProps extends HTMLAttributes<HTMLElement> {
  readonly sessionId: string;
  /** Any message of the turn: its question, a step or its reply. */
  readonly messageId: string;
}

const BLOB_REF = new RegExp(`${BLOB_REF_PREFIX}[0-9a-f]{32}`);

/**
 * The tool calls of one turn: each call with its arguments and its result, collapsed; a failed call marked; an output
 * stored whole because it was large shown as its preview, with a button that loads the rest. Everything is text.
 */
export function ToolTrace({ sessionId, messageId, className, ...props }: ToolTraceProps) {
  const messages = useMessages(sessionId);
  const steps = useMemo(() => toolSteps(messages.data ?? [], messageId), [messages.data, messageId]);
  const format = useCtxkitFormat();
  const labels = format.labels.toolTrace;
  if (steps.length === 0) return null;
  return (
    <section className={cx('ctxkit-tools', className)} aria-label={labels.title} {...props}>
      <h3 className="ctxkit-tools__heading">{format.text(labels.heading, { count: steps.length })}</h3>
      <ol className="ctxkit-tools__list">
        {steps.map((step) => (
          <ToolStepView key={step.call.id} sessionId={sessionId} step={step} />
        ))}
      </ol>
    </section>
  );
}

function ToolStepView({ sessionId, step }: { sessionId: string; step: ToolStep }) {
  const { call, result } = step;
  const format = useCtxkitFormat();
  const labels = format.labels.toolTrace;
  const outcome = result === null ? labels.missing : result.isError ? labels.failed : labels.done;
  // A denied call failed because the user said no: that is what the trace says.
  const approval = result?.approval;
  const status =
    approval === 'denied'
      ? labels.denied
      : approval === 'approved'
        ? `${outcome}, ${labels.approved}`
        : outcome;
  return (
    <li
      className="ctxkit-tools__step"
      data-status={result === null ? 'missing' : result.isError ? 'error' : 'ok'}
      data-approval={approval ?? 'none'}
    >
      <details>
        <summary>
          <span className="ctxkit-tools__name">{toolLabel(call.name, format)}</span>{' '}
          <span className="ctxkit-muted">{format.text(labels.status, { status })}</span>
        </summary>
        <p className="ctxkit-tools__label">{labels.arguments}</p>
        <pre className="ctxkit-tools__code">{JSON.stringify(call.arguments, null, 2)}</pre>
        {result && (
          <>
            <p className="ctxkit-tools__label">{result.isError ? labels.error : labels.result}</p>
            <ToolOutput sessionId={sessionId} content={result.content} />
          </>
        )}
      </details>
    </li>
  );
}

/** A result as stored; when it is a large output's preview, a button loads the whole of it (`session.expand`). */
function ToolOutput({ sessionId, content }: { sessionId: string; content: string }) {
  const engine = useEngine();
  const ref = BLOB_REF.exec(content)?.[0] ?? null;
  const [whole, setWhole] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const format = useCtxkitFormat();
  const expand = async () => {
    if (!ref) return;
    try {
      setWhole(await (await engine.openSession(sessionId)).expand(ref));
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <>
      <pre className="ctxkit-tools__code">{whole ?? content}</pre>
      {ref && whole === null && (
        <button type="button" className="ctxkit-button" onClick={() => void expand()}>
          {format.labels.toolTrace.showWhole}
        </button>
      )}
      {error !== null && (
        <p role="alert" className="ctxkit-tools__error">
          {format.text(format.labels.toolTrace.wholeError, { error: errorText(error) })}
        </p>
      )}
    </>
  );
}
