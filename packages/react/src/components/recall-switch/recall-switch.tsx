import type { HTMLAttributes } from 'react';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, SessionSwitch } from '../../shared/index.js';

export interface RecallSwitchProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  readonly sessionId: string;
  /** The switch's visible label. */
  readonly label?: string;
}

/**
 * Turns recall on or off for one session: off, its messages are never recalled (here or in other conversations)
 * and its requests are offered no recalled passages. Private sessions and sessions with memory off are never
 * recalled, so for them the switch is off and disabled, saying why.
 */
export function RecallSwitch({
  sessionId,
  label = 'Recall earlier conversations',
  className,
  ...props
}: RecallSwitchProps) {
  const session = useSession(sessionId);
  const { setRecall } = useSessionActions(sessionId);
  const record = session.data;
  if (!record) return null;
  const blocked = record.private === true ? 'private' : record.memory === false ? 'memory-off' : null;
  const on = blocked === null && record.recall !== false;
  const hint =
    blocked === 'private'
      ? 'A private conversation is never recalled.'
      : blocked === 'memory-off'
        ? 'This conversation keeps no memory, so it is never recalled.'
        : on
          ? 'Passages of earlier conversations relevant to each message are sent with it, quoted and dated.'
          : 'Nothing is recalled from or into this conversation.';
  return (
    <SessionSwitch
      className={cx('ctxkit-recall-switch', className)}
      label={label}
      on={on}
      disabled={blocked !== null || setRecall.isPending}
      hint={hint}
      error={setRecall.isError ? setRecall.error : null}
      onSwitch={(checked) => setRecall.mutate(checked)}
      {...props}
    />
  );
}
