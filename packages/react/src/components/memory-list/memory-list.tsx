import type { MemoryEntry } from '@ctxkit/core';
import type { HTMLAttributes } from 'react';
import { richText, useCtxkitFormat } from '../../locale/index.js';
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
export function MemoryList({ heading, onSourceClick, className, ...props }: MemoryListProps) {
  const format = useCtxkitFormat();
  const labels = format.labels.memories;
  const title = heading ?? labels.heading;
  const memories = useMemories();
  const sessions = useSessions();
  const remove = useDeleteMemory();
  const titleOf = (sessionId: string) =>
    sessions.data?.find((record) => record.id === sessionId)?.title ?? labels.deletedSource;
  const list = memories.data ?? [];
  return (
    <section
      className={cx('ctxkit-memories', className)}
      aria-label={title}
      data-state={
        memories.isPending ? 'loading' : memories.isError ? 'error' : list.length === 0 ? 'empty' : 'ready'
      }
      {...props}
    >
      <h3 className="ctxkit-memories__heading">{title}</h3>
      {memories.isPending && <Loading>{labels.loading}</Loading>}
      {memories.isError && (
        <ErrorMessage>{format.text(labels.error, { error: errorText(memories.error) })}</ErrorMessage>
      )}
      {memories.isSuccess && list.length === 0 && <p className="ctxkit-muted">{labels.empty}</p>}
      {list.length > 0 && (
        <ul className="ctxkit-memories__list">
          {list.map((memory) => {
            const text = memoryText(memory);
            const source = titleOf(memory.source.sessionId);
            return (
              <li key={memory.id} className="ctxkit-memories__item" data-kind={memory.kind}>
                <span className="ctxkit-memories__text">{text}</span>
                <span className="ctxkit-memories__source ctxkit-muted">
                  {richText(format, memory.kind === 'preference' ? labels.preferenceFrom : labels.from, {
                    source: onSourceClick ? (
                      <button
                        type="button"
                        className="ctxkit-link"
                        onClick={() => onSourceClick(memory.source.sessionId)}
                      >
                        {source}
                      </button>
                    ) : (
                      source
                    ),
                    date: <time dateTime={memory.createdAt}>{format.date(memory.createdAt)}</time>,
                  })}
                </span>
                <button
                  type="button"
                  className="ctxkit-button ctxkit-memories__delete"
                  aria-label={format.text(labels.deleteName, { text })}
                  disabled={remove.isPending && remove.variables === memory.id}
                  onClick={() => remove.mutate(memory.id)}
                >
                  {labels.delete}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && (
        <ErrorMessage>{format.text(labels.deleteError, { error: errorText(remove.error) })}</ErrorMessage>
      )}
    </section>
  );
}
