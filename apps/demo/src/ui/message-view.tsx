import type { ChatMessage, ItemRef } from '@ctxkit/core';
import { ContextDetails, MessageMeter, PinButton, ToolTrace } from '@ctxkit/react';
import { useId, useState } from 'react';
import { CopyButton } from './copy-button.js';
import type { ForkRequest } from './fork-request.js';
import { MessageTime } from './message-time.js';
import { ReplyBody } from './reply-body.js';
import { isToolStep } from './tool-step.js';

export interface MessageViewProps {
  /** The session on screen: pins made here go to it. */
  readonly sessionId: string;
  /** The session that stored the message, where its request context and plan are. */
  readonly ownerId: string;
  readonly message: ChatMessage;
  /** The user message of this reply's turn: regenerating asks it again in a branch. */
  readonly question?: ChatMessage;
  readonly busy: boolean;
  readonly onFork: (request: ForkRequest) => void;
  /** Deletes the turn this message belongs to; absent where the message cannot be deleted from here. */
  readonly onDelete?: (messageId: string) => void;
  /** A catalog item clicked in the context details. */
  readonly onOpenItem: (ref: ItemRef) => void;
}

const shorten = (text: string) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

/** A history turn clicked in the context details: show its message in the transcript. */
function showTurn(key: string): void {
  if (!key.startsWith('turn:')) return;
  const element = document.querySelector(`[data-message-id="${CSS.escape(key.slice('turn:'.length))}"]`);
  element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (element instanceof HTMLElement) element.focus({ preventScroll: true });
}

/**
 * One message of the transcript with the actions people expect: copy, edit and resend (a branch, so the original
 * stays), regenerate (asks the same question again in a branch), fork, delete; a reply carries its context details
 * behind a toggle.
 */
export function MessageView({
  sessionId,
  ownerId,
  message,
  question,
  busy,
  onFork,
  onDelete,
  onOpenItem,
}: MessageViewProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const detailsId = useId();
  // Tool calls and their results show in the tool trace above the turn's final reply.
  if (message.role === 'tool' || isToolStep(message)) return null;
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
      {/* The tool calls that led to the reply, with their arguments and results (none for most turns). */}
      {message.role === 'assistant' && (
        // Named after its question: a region's name must be unique on the page, and several replies have traces.
        <ToolTrace
          sessionId={ownerId}
          messageId={message.id}
          aria-label={
            question?.role === 'user' ? `Tool calls for “${shorten(question.content)}”` : 'Tool calls'
          }
        />
      )}
      {message.role === 'assistant' ? <ReplyBody text={text} /> : <div className="message__body">{text}</div>}
      <div className="message__actions">
        <MessageTime iso={message.createdAt} />
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
        <CopyButton text={text} />
        {/* A message pin keeps its whole turn in the requests, for as long as chosen. */}
        <PinButton
          sessionId={sessionId}
          target={{ kind: 'message', messageId: message.id }}
          name={message.role === 'user' ? 'this question' : 'this reply'}
          className="message__pin"
        />
        {message.role === 'user' ? (
          <button
            type="button"
            className="chip chip--quiet"
            disabled={busy}
            onClick={() => onFork({ messageId: message.id, before: true, draft: message.content })}
            title="Edit this message and send it again in a new branch; this conversation stays as it is"
          >
            Edit
          </button>
        ) : (
          <>
            {question?.role === 'user' && (
              <button
                type="button"
                className="chip chip--quiet"
                disabled={busy}
                onClick={() =>
                  onFork({ messageId: question.id, before: true, draft: question.content, send: true })
                }
                title="Ask the same question again in a new branch; this reply stays where it is"
              >
                Regenerate
              </button>
            )}
            <button
              type="button"
              className="chip chip--quiet"
              disabled={busy}
              onClick={() => onFork({ messageId: message.id, before: false })}
              title="A new branch that goes on from this reply"
            >
              Fork from here
            </button>
          </>
        )}
        {onDelete &&
          (confirming ? (
            <fieldset className="message__confirm" aria-label="Delete this question and its reply?">
              <span>Delete this question and its reply?</span>
              <button
                type="button"
                className="chip chip--danger"
                disabled={busy}
                onClick={() => {
                  setConfirming(false);
                  onDelete(message.id);
                }}
              >
                Delete
              </button>
              <button type="button" className="chip chip--quiet" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className="chip chip--quiet"
              disabled={busy}
              onClick={() => setConfirming(true)}
              title="Delete this question and its reply, here and from the database"
            >
              Delete
            </button>
          ))}
      </div>
      {message.role === 'assistant' && <MessageMeter sessionId={ownerId} messageId={message.id} />}
      {message.role === 'assistant' && open && (
        <div id={detailsId} className="message__details">
          <ContextDetails
            variant="expanded"
            sessionId={ownerId}
            messageId={message.id}
            onItemClick={(item) => (item.ref ? onOpenItem(item.ref) : showTurn(item.key))}
          />
        </div>
      )}
    </li>
  );
}
