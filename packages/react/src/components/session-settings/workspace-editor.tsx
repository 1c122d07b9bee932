import type { HTMLAttributes } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useSession, useSessionActions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';
import { TextSetting } from './text-setting.js';

export interface WorkspaceEditorProps extends Omit<HTMLAttributes<HTMLFormElement>, 'children' | 'onSubmit'> {
  readonly sessionId: string;
}

/**
 * The session's workspace message (`session.setWorkspace`): text sent last with every request, such as the file that
 * is open or the page the user is on. Saved text is redacted and stored like the rest of the session.
 */
export function WorkspaceEditor({ sessionId, className, ...props }: WorkspaceEditorProps) {
  const session = useSession(sessionId);
  const { setWorkspace } = useSessionActions(sessionId);
  const format = useCtxkitFormat();
  const labels = format.labels.workspace;
  const record = session.data;
  if (!record) return null;
  return (
    <TextSetting
      className={cx('ctxkit-workspace-editor', className)}
      label={labels.label}
      hint={labels.hint}
      value={record.workspace}
      multiline
      saveLabel={labels.save}
      clearLabel={labels.clear}
      status={record.workspace === null ? labels.empty : setWorkspace.isSuccess ? labels.saved : ''}
      pending={setWorkspace.isPending}
      error={
        setWorkspace.isError ? format.text(labels.error, { error: errorText(setWorkspace.error) }) : null
      }
      onSave={(text) => setWorkspace.mutate(text)}
      {...props}
    />
  );
}
