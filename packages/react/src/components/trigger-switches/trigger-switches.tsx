import { effectiveTriggers, TRIGGER_GROUPS, type TriggerGroup } from '@ctxkit/core';
import { type HTMLAttributes, useId } from 'react';
import { type CtxkitFormat, useCtxkitFormat } from '../../locale/index.js';
import { useEngine } from '../../provider/index.js';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, SwitchError, SwitchLabel } from '../../shared/index.js';

export interface TriggerSwitchesProps extends Omit<HTMLAttributes<HTMLFieldSetElement>, 'children'> {
  readonly sessionId: string;
}

const labelOf = (labels: CtxkitFormat['labels']['switches'], group: TriggerGroup): string =>
  ({
    paths: labels.triggerPaths,
    symbols: labels.triggerSymbols,
    questions: labels.triggerQuestions,
    activity: labels.triggerActivity,
  })[group];

/**
 * One switch per trigger kind (file paths, code symbols, subjects of questions, editor activity) for one session:
 * each turns that kind's sub-queries on or off for the session's next requests, over the engine's `triggers`.
 */
export function TriggerSwitches({ sessionId, className, ...props }: TriggerSwitchesProps) {
  const engine = useEngine();
  const session = useSession(sessionId);
  const { setTriggers } = useSessionActions(sessionId);
  const labels = useCtxkitFormat().labels.switches;
  const hintId = useId();
  const record = session.data;
  if (!record) return null;
  const on = effectiveTriggers(engine.triggers, record.triggers);
  return (
    <fieldset className={cx('ctxkit-trigger-switches', className)} aria-describedby={hintId} {...props}>
      <legend>{labels.triggers}</legend>
      {TRIGGER_GROUPS.map((group) => (
        <SwitchLabel
          key={group}
          className="ctxkit-trigger-switches__switch"
          data-on={on[group]}
          on={on[group]}
          disabled={setTriggers.isPending}
          onSwitch={(checked) => setTriggers.mutate({ [group]: checked })}
        >
          {labelOf(labels, group)}
        </SwitchLabel>
      ))}
      <p id={hintId} className="ctxkit-trigger-switches__hint">
        {labels.triggersHint}
      </p>
      <SwitchError write={setTriggers} className="ctxkit-trigger-switches__error" />
    </fieldset>
  );
}
