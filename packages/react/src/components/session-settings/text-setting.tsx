import { type FormEvent, type HTMLAttributes, useEffect, useId, useState } from 'react';
import { cx } from '../../shared/index.js';

export interface TextSettingProps extends Omit<HTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  readonly label: string;
  readonly hint: string;
  /** The stored value; null when none is set. */
  readonly value: string | null;
  readonly multiline: boolean;
  readonly saveLabel: string;
  readonly clearLabel: string;
  /** What is in force, read after the field (e.g. "Current task: v2"). */
  readonly status: string;
  readonly pending: boolean;
  /** The last write's failure as a sentence, or null. */
  readonly error: string | null;
  /** Saves the text; `null` clears the setting (an empty field saves as null too). */
  readonly onSave: (value: string | null) => void;
}

/** A session's text setting: a labelled field holding the stored value, Save and Clear, and what is in force. */
export function TextSetting({
  label,
  hint,
  value,
  multiline,
  saveLabel,
  clearLabel,
  status,
  pending,
  error,
  onSave,
  className,
  ...props
}: TextSettingProps) {
  const fieldId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(value ?? '');
  // Another tab (or the host) may change the stored value: the field follows it.
  useEffect(() => setDraft(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    onSave(text === '' ? null : draft);
  };
  const fieldProps = {
    id: fieldId,
    value: draft,
    'aria-describedby': hintId,
    className: 'ctxkit-text-setting__field',
    onChange: (event: { currentTarget: { value: string } }) => setDraft(event.currentTarget.value),
  };
  return (
    <form className={cx('ctxkit-text-setting', className)} onSubmit={submit} {...props}>
      <label htmlFor={fieldId} className="ctxkit-text-setting__label">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...fieldProps} /> : <input type="text" {...fieldProps} />}
      <p id={hintId} className="ctxkit-text-setting__hint">
        {hint}
      </p>
      <div className="ctxkit-text-setting__actions">
        <button type="submit" className="ctxkit-button" disabled={pending || draft === (value ?? '')}>
          {saveLabel}
        </button>
        <button
          type="button"
          className="ctxkit-button"
          disabled={pending || value === null}
          onClick={() => onSave(null)}
        >
          {clearLabel}
        </button>
      </div>
      <p className="ctxkit-text-setting__status" role="status">
        {status}
      </p>
      {error !== null && (
        <p role="alert" className="ctxkit-text-setting__error">
          {error}
        </p>
      )}
    </form>
  );
}
