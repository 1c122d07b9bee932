import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, SessionSwitch } from '../../shared/index.js';

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
export function PrivateSwitch({ sessionId, label, className, ...props }: PrivateSwitchProps) {
  const session = useSession(sessionId);
  const { setPrivate } = useSessionActions(sessionId);
  const { labels } = useCtxkitFormat();
  const record = session.data;
  if (!record) return null;
  const on = record.private === true;
  return (
    <SessionSwitch
      className={cx('ctxkit-private-switch', className)}
      label={label ?? labels.switches.private}
      on={on}
      hint={on ? labels.switches.privateOn : labels.switches.privateOff}
      write={setPrivate}
      {...props}
    />
  );
}
