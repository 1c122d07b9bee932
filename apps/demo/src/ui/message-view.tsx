import type { ChatMessage, ItemRef } from '@ctxkit/core';
import { ContextDetails } from '@ctxkit/react';
import { useId, useState } from 'react';
import type { ForkRequest } from './chat-view.js';

export interface MessageViewProps {
  /** The session that stored the message, where its request context and plan are. */
  readonly ownerId: string;
  readonly message: ChatMessage;
  readonly busy: boolean;
  readonly onFork: (request: ForkRequest) => void;
  /** A catalog item clicked in the context details. */
  readonly onOpenItem: (ref: ItemRef) => void;
}

/** A history turn clicked in the context details: show its message in the transcript. */
function showTurn(key: string): void {
  if (!key.startsWith('turn:')) return;
  const element = document.querySelector(`[data-message-id="${CSS.escape(key.slice('turn:'.length))}"]`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (element instanceof HTMLElement) element.focus({ preventScroll: true });
}

/** One message of the transcript; an assistant message carries its context details behind a toggle. */
export function MessageView({ ownerId, message, busy, onFork, onOpenItem }: MessageViewProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (message.role === 'tool') return null;
  if (message.role !== 'user' && message.role !== 'assistant')
    return (
      <li className={`message message--note message--${message.role}`}>
        <div className="message__body">{message.content}</div>
      </li>
    );
  const text = message.role === 'user' ? message.content : message.modelReply.content;
  const items = message.role === 'assistant' ? (message.requestContext?.items.length ?? 0) : 0;
  return (
    <li className={`message message--${message.role}`} data-message-id={message.id} tabIndex={-1}>
      <div className="message__body">{text}</div>
      <div className="message__actions">
        {message.role === 'assistant' && (
          <button
            type="button"
            className="chip"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide context' : `Context used (${items} items)`}
          </button>
        )}
        <button
          type="button"
          className="chip chip--quiet"
          disabled={busy}
          onClick={() =>
            onFork(
              message.role === 'user'
                ? { messageId: message.id, before: true, draft: message.content }
                : { messageId: message.id, before: false },
            )
          }
          title={
            message.role === 'user'
              ? 'A new branch from just before this question, to ask it differently'
              : 'A new branch that goes on from this reply'
          }
        >
          {message.role === 'user' ? 'Ask differently (fork)' : 'Fork from here'}
        </button>
      </div>
      {message.role === 'assistant' && open && (
        <div id={detailsId} className="message__details">
          <ContextDetails
            sessionId={ownerId}
            messageId={message.id}
            onItemClick={(item) => (item.ref ? onOpenItem(item.ref) : showTurn(item.key))}
          />
        </div>
      )}
    </li>
  );
}
