import type { HTMLAttributes } from 'react';
import { useId } from 'react';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface PrivateSwitchProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly sessionId: string;
  /** The switch's visible label. */
  readonly label?: string;
}

/**
 * Makes one conversation private (`session.setPrivate`): it moves out of the persistent store into this tab's
 * memory, so a reload or a closed tab leaves no trace of it, and it neither keeps nor gives memories. Off again, it is
 * written to the store whole.
 */
export function PrivateSwitch({
  sessionId,
  label = 'Private conversation',
  className,
  ...props
}: PrivateSwitchProps) {
  const session = useSession(sessionId);
  const { setPrivate } = useSessionActions(sessionId);
  const hintId = useId();
  const record = session.data;
  if (!record) return null;
  const on = record.private === true;
  return (
    <div className={cx('ctxkit-private-switch', className)} data-on={on} {...props}>
      <label className="ctxkit-recall-switch__label">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          disabled={setPrivate.isPending}
          aria-describedby={hintId}
          onChange={(event) => setPrivate.mutate(event.currentTarget.checked)}
        />
        {label}
      </label>
      <p id={hintId} className="ctxkit-recall-switch__hint">
        {on
          ? 'Kept in this tab only: closing or reloading it leaves no trace, and nothing is remembered from it.'
          : 'Stored on this device, and remembered across conversations.'}
      </p>
      {setPrivate.isError && (
        <p role="alert" className="ctxkit-recall-switch__error">
          Could not change it: {errorText(setPrivate.error)}
        </p>
      )}
    </div>
  );
}
