import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';
import { TextSetting } from './text-setting.js';

export interface TaskFieldProps extends Omit<HTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  readonly sessionId: string;
}

/**
 * The session's current task (`session.setTask`). Pins leased for a task last while it is the current task;
 * changing it ends the others, and the field says how many ended.
 */
export function TaskField({ sessionId, className, ...props }: TaskFieldProps) {
  const session = useSession(sessionId);
  const { setTask } = useSessionActions(sessionId);
  const format = useCtxkitFormat();
  const labels = format.labels.task;
  const record = session.data;
  if (!record) return null;
  const current = record.taskId === null ? labels.none : format.text(labels.current, { task: record.taskId });
  const ended = setTask.data?.length ?? 0;
  return (
    <TextSetting
      className={cx('ctxkit-task-field', className)}
      label={labels.label}
      hint={labels.hint}
      value={record.taskId}
      multiline={false}
      saveLabel={labels.set}
      clearLabel={labels.clear}
      status={ended > 0 ? `${current} ${format.text(labels.ended, { count: ended })}` : current}
      pending={setTask.isPending}
      error={setTask.isError ? format.text(labels.error, { error: errorText(setTask.error) }) : null}
      onSave={(taskId) => setTask.mutate(taskId === null ? null : taskId.trim())}
      {...props}
    />
  );
}
