import type { ChatMessage } from '@ctxkit/core';
import { type CleanupOptions, cleanupOf } from '@ctxkit/core/view';
import { type HTMLAttributes, useId, useMemo } from 'react';
import { useCtxkitFormat } from '../../locale/index.js';
import { useMessages, useSession, useSessionActions } from '../../queries/index.js';
import { cx, errorText } from '../../shared/index.js';

export interface CleanupSuggestionProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  readonly sessionId: string;
  /** How many of the last turns are looked at, and in how many an item must have been sent (defaults 5 and 3). */
  readonly options?: CleanupOptions;
}

/**
 * A card offering to remove the items added to the session that its last turns kept sending and never used, in
 * one action. Nothing renders while there are none.
 */
export function CleanupSuggestion({ sessionId, options, className, ...props }: CleanupSuggestionProps) {
  const format = useCtxkitFormat();
  const labels = format.labels.cleanup;
  const headingId = useId();
  const session = useSession(sessionId);
  const messages = useMessages(sessionId);
  const { removeItem } = useSessionActions(sessionId);
  const turns = options?.turns;
  const minSends = options?.minSends;
  const entries = useMemo(() => {
    if (!session.data || !messages.data) return [];
    const stored = messages.data.filter((message): message is ChatMessage => !('pending' in message));
    return cleanupOf(session.data, stored, {
      ...(turns !== undefined && { turns }),
      ...(minSends !== undefined && { minSends }),
    });
  }, [session.data, messages.data, turns, minSends]);
  if (entries.length === 0) return null;
  const tokens = entries.reduce((sum, entry) => sum + entry.tokens, 0);
  const removeAll = async () => {
    for (const entry of entries) await removeItem.mutateAsync(entry.ref);
  };
  return (
    <section className={cx('ctxkit-cleanup', className)} aria-labelledby={headingId} {...props}>
      <h3 id={headingId} className="ctxkit-cleanup__heading">
        {labels.heading}
      </h3>
      <p className="ctxkit-muted">{format.text(labels.body, { tokens: format.number(tokens) })}</p>
      <ul className="ctxkit-cleanup__items">
        {entries.map((entry) => (
          <li key={entry.key}>
            {format.text(labels.item, { item: entry.label, sent: format.number(entry.sent) })}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="ctxkit-button"
        disabled={removeItem.isPending}
        onClick={() => void removeAll().catch(() => undefined)}
      >
        {format.text(labels.remove, { count: entries.length })}
      </button>
      {removeItem.isError && (
        <p role="alert" className="ctxkit-cleanup__error">
          {format.text(labels.error, { error: errorText(removeItem.error) })}
        </p>
      )}
    </section>
  );
}
