import { type HTMLAttributes, type LabelHTMLAttributes, useId } from 'react';
import { useCtxkitFormat } from '../locale/index.js';
import { cx } from './class-names.js';
import { errorText } from './status.js';

/**
 * The part of a TanStack mutation a switch reads: while a write is pending the switch is disabled, so a second click
 * cannot race the first, and a failed write is shown next to it.
 */
export interface SwitchWrite<Variables> {
  readonly isPending: boolean;
  readonly isError: boolean;
  readonly error: unknown;
  readonly mutate: (variables: Variables) => void;
}

export interface SwitchLabelProps extends Omit<LabelHTMLAttributes<HTMLLabelElement>, 'onChange'> {
  readonly on: boolean;
  readonly disabled: boolean;
  readonly onSwitch: (on: boolean) => void;
  /** The id of the text read with the switch, if any. */
  readonly describedBy?: string;
}

/**
 * A labelled checkbox exposed as a switch; `aria-checked` is spelled out because some screen readers ignore
 * `checked` on a switch.
 */
export function SwitchLabel({ on, disabled, onSwitch, describedBy, children, ...props }: SwitchLabelProps) {
  return (
    <label {...props}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={on}
        checked={on}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onSwitch(event.currentTarget.checked)}
      />
      {children}
    </label>
  );
}

/** Why the last write of a switch failed, announced as it appears; nothing while the write has not failed. */
export function SwitchError({
  write,
  className,
}: {
  readonly write: SwitchWrite<never>;
  readonly className: string;
}) {
  const format = useCtxkitFormat();
  if (!write.isError) return null;
  return (
    <p role="alert" className={className}>
      {format.text(format.labels.switches.error, { error: errorText(write.error) })}
    </p>
  );
}

export interface SessionSwitchProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly label: string;
  readonly on: boolean;
  /** Whether the setting cannot change in the session's state, apart from a pending write. */
  readonly blocked?: boolean;
  /** What the setting does in the state it is in, read with the switch. */
  readonly hint: string;
  /** The mutation writing the setting. */
  readonly write: SwitchWrite<boolean>;
}

/** A session setting as a labelled switch with a line saying what it does, and why a write failed. */
export function SessionSwitch({
  label,
  on,
  blocked = false,
  hint,
  write,
  className,
  ...props
}: SessionSwitchProps) {
  const hintId = useId();
  return (
    <div className={cx('ctxkit-session-switch', className)} data-on={on} {...props}>
      <SwitchLabel
        className="ctxkit-recall-switch__label"
        on={on}
        disabled={blocked || write.isPending}
        describedBy={hintId}
        onSwitch={(checked) => write.mutate(checked)}
      >
        {label}
      </SwitchLabel>
      <p id={hintId} className="ctxkit-recall-switch__hint">
        {hint}
      </p>
      <SwitchError write={write} className="ctxkit-recall-switch__error" />
    </div>
  );
}
