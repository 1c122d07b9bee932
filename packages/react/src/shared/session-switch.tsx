import { type HTMLAttributes, useId } from 'react';
import { useCtxkitFormat } from '../locale/index.js';
import { cx } from './class-names.js';
import { errorText } from './status.js';

export interface SessionSwitchProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly label: string;
  readonly on: boolean;
  readonly disabled: boolean;
  /** What the setting does in the state it is in, read with the switch. */
  readonly hint: string;
  /** The last write's failure, or null. */
  readonly error: unknown;
  readonly onSwitch: (on: boolean) => void;
}

/** A session setting as a labelled switch with a line saying what it does, and why a write failed. */
export function SessionSwitch({
  label,
  on,
  disabled,
  hint,
  error,
  onSwitch,
  className,
  ...props
}: SessionSwitchProps) {
  const hintId = useId();
  const format = useCtxkitFormat();
  return (
    <div className={cx('ctxkit-session-switch', className)} data-on={on} {...props}>
      <label className="ctxkit-recall-switch__label">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onSwitch(event.currentTarget.checked)}
        />
        {label}
      </label>
      <p id={hintId} className="ctxkit-recall-switch__hint">
        {hint}
      </p>
      {error !== null && error !== undefined && (
        <p role="alert" className="ctxkit-recall-switch__error">
          {format.text(format.labels.switches.error, { error: errorText(error) })}
        </p>
      )}
    </div>
  );
}
