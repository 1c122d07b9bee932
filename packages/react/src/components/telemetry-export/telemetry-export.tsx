import { type ErrorIssue, ValidationError } from '@ctxkit/core';
import { type HTMLAttributes, useId } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useExportTelemetry } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface TelemetryExportProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** One conversation's telemetry; without it, every conversation's. */
  readonly sessionId?: string;
  /**
   * Receives the JSON lines instead of the download, for a host that shows or sends them itself. Without it, the
   * browser saves them as a file (`fileName`).
   */
  readonly onExport?: (jsonLines: string) => void;
  /** Default `ctxkit-telemetry.jsonl`. */
  readonly fileName?: string;
}

/** Checks the props a wrong value of would only fail later, at the export: the file name, the handler, the session. */
export function checkTelemetryProps(props: {
  sessionId?: unknown;
  onExport?: unknown;
  fileName?: unknown;
}): void {
  const issues: ErrorIssue[] = [];
  if (props.sessionId !== undefined && (typeof props.sessionId !== 'string' || props.sessionId === ''))
    issues.push({ path: 'sessionId', message: 'must be a non-empty string when given' });
  if (props.onExport !== undefined && typeof props.onExport !== 'function')
    issues.push({ path: 'onExport', message: 'must be a function when given' });
  if (typeof props.fileName !== 'string' || props.fileName.trim() === '')
    issues.push({ path: 'fileName', message: 'must be a non-empty string' });
  if (issues.length > 0) throw new ValidationError('Invalid TelemetryExport props', issues);
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; the object URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Exports what each reply was sent, used and wasted (`engine.reflection.exportTelemetry`) as JSON lines, one per
 * committed turn: a file the user saves, never a request of the kit's.
 */
export function TelemetryExport({
  sessionId,
  onExport,
  fileName = 'ctxkit-telemetry.jsonl',
  className,
  ...props
}: TelemetryExportProps) {
  checkTelemetryProps({ sessionId, onExport, fileName });
  const hintId = useId();
  const format = useCtxkitFormat();
  const labels = format.labels.telemetry;
  const exported = useExportTelemetry();
  const run = () =>
    exported.mutate(sessionId, {
      onSuccess: (text) => (onExport ? onExport(text) : download(text, fileName)),
    });
  const turns = exported.data ? exported.data.split('\n').filter((line) => line.trim() !== '').length : 0;
  return (
    <div className={cx('ctxkit-telemetry', className)} {...props}>
      <button
        type="button"
        className="ctxkit-button"
        aria-describedby={hintId}
        disabled={exported.isPending}
        onClick={run}
      >
        {labels.export}
      </button>
      <p id={hintId} className="ctxkit-telemetry__hint">
        {labels.hint}
      </p>
      <p role="status" className="ctxkit-telemetry__status">
        {exported.isSuccess ? format.text(labels.exported, { count: turns }) : ''}
      </p>
      {exported.isError && (
        <p role="alert" className="ctxkit-telemetry__error">
          {format.text(labels.error, { error: errorText(exported.error) })}
        </p>
      )}
    </div>
  );
}
