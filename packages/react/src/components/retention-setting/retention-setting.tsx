import { type ErrorIssue, expiredSessions, ValidationError } from '@ctxkit/core';
import { type HTMLAttributes, useId, useState } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useDeleteOldSessions, useSessions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface RetentionSettingProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onChange'> {
  /** The age in days after which conversations are deleted; null keeps them. */
  readonly value: number | null;
  /** The user chose another age; the host keeps it and gives it to `createEngine({ retention })` on the next start. */
  readonly onChange: (maxAgeDays: number | null) => void;
  /** The ages offered, in days. Default 7, 30, 90 and 365. */
  readonly choices?: readonly number[];
  /** The clock ages are measured on; give the engine's when it has its own. Default: the system clock. */
  readonly now?: () => Date;
}

const DEFAULT_CHOICES = [7, 30, 90, 365] as const;
const systemClock = () => new Date();
const isAge = (days: unknown) => typeof days === 'number' && Number.isFinite(days) && days > 0;

/** Checks the props: `value` null or a positive number of days, `choices` a list of those, and the callbacks. */
export function checkRetentionProps(
  value: unknown,
  choices: unknown,
  callbacks: { readonly onChange?: unknown; readonly now?: unknown } = {},
): void {
  const issues: ErrorIssue[] = [];
  if ('onChange' in callbacks && typeof callbacks.onChange !== 'function')
    issues.push({ path: 'onChange', message: 'must be a function' });
  if ('now' in callbacks && typeof callbacks.now !== 'function')
    issues.push({ path: 'now', message: 'must be a function returning a Date' });
  if (value !== null && !isAge(value))
    issues.push({
      path: 'value',
      message: `must be null or a positive number of days, not ${String(value)}`,
    });
  if (!Array.isArray(choices)) issues.push({ path: 'choices', message: 'must be an array of days' });
  else
    choices.forEach((days: unknown, i) => {
      if (!isAge(days))
        issues.push({
          path: `choices[${i}]`,
          message: `must be a positive number of days, not ${String(days)}`,
        });
    });
  if (issues.length > 0) throw new ValidationError('Invalid RetentionSetting props', issues);
}

/**
 * How long conversations are kept: the age after which they are deleted, how many are older than that now, and
 * deleting those at once after a confirmation (`engine.deleteSessionsOlderThan`, branches and memories included).
 */
export function RetentionSetting({
  value,
  onChange,
  choices = DEFAULT_CHOICES,
  now = systemClock,
  className,
  ...props
}: RetentionSettingProps) {
  checkRetentionProps(value, choices, { onChange, now });
  const selectId = useId();
  const format = useCtxkitFormat();
  const labels = format.labels.retention;
  const sessions = useSessions();
  const remove = useDeleteOldSessions();
  const [confirming, setConfirming] = useState(false);
  const older =
    value === null
      ? 0
      : expiredSessions(sessions.data ?? [], value, now()).filter((record) => !record.branch).length;
  const options =
    value === null || choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);
  return (
    <div className={cx('ctxkit-retention', className)} {...props}>
      <label htmlFor={selectId} className="ctxkit-retention__label">
        {labels.label}
      </label>
      <select
        id={selectId}
        className="ctxkit-retention__select"
        value={value === null ? '' : String(value)}
        onChange={(event) => {
          setConfirming(false);
          remove.reset();
          onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value));
        }}
      >
        <option value="">{labels.never}</option>
        {options.map((days) => (
          <option key={days} value={String(days)}>
            {format.text(labels.days, { count: days })}
          </option>
        ))}
      </select>
      {value !== null && (
        <p className="ctxkit-retention__count" role="status">
          {remove.isSuccess
            ? format.text(labels.deleted, { count: remove.data.filter((record) => !record.branch).length })
            : older > 0
              ? format.text(labels.older, { count: older })
              : labels.noneOlder}
        </p>
      )}
      {value !== null && older > 0 && !confirming && (
        <button type="button" className="ctxkit-button" onClick={() => setConfirming(true)}>
          {labels.deleteNow}
        </button>
      )}
      {value !== null && confirming && (
        <fieldset className="ctxkit-retention__confirm" aria-label={labels.deleteNow}>
          <p>{format.text(labels.confirm, { count: older })}</p>
          <button
            type="button"
            className="ctxkit-button"
            disabled={remove.isPending}
            onClick={() => remove.mutate(value, { onSettled: () => setConfirming(false) })}
          >
            {labels.confirmDelete}
          </button>
          <button type="button" className="ctxkit-button" onClick={() => setConfirming(false)}>
            {labels.cancel}
          </button>
        </fieldset>
      )}
      {remove.isError && (
        <p role="alert" className="ctxkit-retention__error">
          {format.text(labels.error, { error: errorText(remove.error) })}
        </p>
      )}
    </div>
  );
}
