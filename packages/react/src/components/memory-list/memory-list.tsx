import type { MemoryEntry } from '@ctxkit/core';
import type { HTMLAttributes } from 'react';
import { useDeleteMemory, useMemories, useSessions } from '../../queries/index.js';
import { cx, ErrorMessage, errorText, Loading } from '../../shared/index.js';

export interface MemoryListProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The list's heading; default "Memories". */
  readonly heading?: string;
  /** Called with a memory's source session when its name is clicked (open that conversation); plain text without. */
  readonly onSourceClick?: (sessionId: string) => void;
}

/** What a memory says, as the conversation it is offered to reads it. */
export function memoryText(memory: MemoryEntry): string {
  return memory.kind === 'key-point' ? memory.text : `${memory.key}: ${memory.value}`;
}

/**
 * What ctxkit remembers across conversations: key points and preferences, each with the conversation it came from
 * and when, and a Delete button (it is offered to no conversation again). Item text is shown as text, never HTML.
 */
export function MemoryList({ heading = 'Memories', onSourceClick, className, ...props }: MemoryListProps) {
  const memories = useMemories();
  const sessions = useSessions();
  const remove = useDeleteMemory();
  const titleOf = (sessionId: string) =>
    sessions.data?.find((record) => record.id === sessionId)?.title ?? 'a deleted conversation';
  const list = memories.data ?? [];
  return (
    <section
      className={cx('ctxkit-memories', className)}
      aria-label={heading}
      data-state={
        memories.isPending ? 'loading' : memories.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'
      }
      {...props}
    >
      <h3 className="ctxkit-memories__heading">{heading}</h3>
      {memories.isPending && <Loading>Loading memories…</Loading>}
      {memories.isError && (
        <ErrorMessage>Memories could not be read: {errorText(memories.error)}</ErrorMessage>
      )}
      {memories.isSuccess && list.length === 0 && (
        <p className="ctxkit-muted">
          Nothing remembered yet: key points appear here when conversations are summarized.
        </p>
      )}
      {list.length > 0 && (
        <ul className="ctxkit-memories__list">
          {list.map((memory) => {
            const text = memoryText(memory);
            const title = titleOf(memory.source.sessionId);
            return (
              <li key={memory.id} className="ctxkit-memories__item" data-kind={memory.kind}>
                <span className="ctxkit-memories__text">{text}</span>
                <span className="ctxkit-memories__source ctxkit-muted">
                  {memory.kind === 'preference' ? 'Preference from ' : 'From '}
                  {onSourceClick ? (
                    <button
                      type="button"
                      className="ctxkit-link"
                      onClick={() => onSourceClick(memory.source.sessionId)}
                    >
                      {title}
                    </button>
                  ) : (
                    title
                  )}
                  , <time dateTime={memory.createdAt}>{new Date(memory.createdAt).toLocaleDateString()}</time>
                </span>
                <button
                  type="button"
                  className="ctxkit-button ctxkit-memories__delete"
                  aria-label={`Delete ${text}`}
                  disabled={remove.isPending && remove.variables === memory.id}
                  onClick={() => remove.mutate(memory.id)}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && <ErrorMessage>Could not delete it: {errorText(remove.error)}</ErrorMessage>}
    </section>
  );
}
