import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
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
export function RecallSwitch({ sessionId, label, className, ...props }: RecallSwitchProps) {
  const session = useSession(sessionId);
  const { setRecall } = useSessionActions(sessionId);
  const { switches } = useCtxkitFormat().labels;
  const record = session.data;
  if (!record) return null;
  const blocked = record.private === true ? 'private' : record.memory === false ? 'memory-off' : null;
  const on = blocked === null && record.recall !== false;
  const hint =
    blocked === 'private'
      ? switches.recallPrivate
      : blocked === 'memory-off'
        ? switches.recallMemoryOff
        : on
          ? switches.recallOn
          : switches.recallOff;
  return (
    <SessionSwitch
      className={cx('ctxkit-recall-switch', className)}
      label={label ?? switches.recall}
      on={on}
      blocked={blocked !== null}
      hint={hint}
      write={setRecall}
      {...props}
    />
  );
}
