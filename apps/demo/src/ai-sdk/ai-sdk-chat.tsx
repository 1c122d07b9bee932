import { useChat } from '@ai-sdk/react';
import {
  type CtxkitToolRunner,
  type CtxkitUIMessage,
  createCtxkitTransport,
  ctxkitMetadataOf,
  toolResult,
} from '@ctxkit/ai-sdk';
import type { Engine, ToolCall } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, ToolApproval, type ToolDecisions } from '@ctxkit/react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { DENIED_CONTENT, needsApproval } from '../chat/index.js';
import type { DemoSettings } from '../settings/index.js';
import { runToolCall } from '../tools/index.js';
import { ReplyBody } from '../ui/reply-body.js';
import { isSendKey } from '../ui/send-key.js';
import { modelFor } from './model.js';
import { AI_SDK_SESSION_KEY } from './session-key.js';

export interface AiSdkChatProps {
  readonly engine: Engine;
  readonly settings: DemoSettings;
  /** The session the chat starts in; Regenerate moves it to a branch. */
  readonly initialSessionId: string;
  /** The stored conversation, as `useChat` messages. */
  readonly initialMessages: CtxkitUIMessage[];
  readonly onError: (error: unknown) => void;
}

interface Approval {
  readonly call: ToolCall;
  readonly settle: (decisions: ToolDecisions) => void;
}

const MODE_HOTKEY = 'Alt+Shift+M';

/**
 * A chat as an AI SDK user builds it: `useChat` with ctxkit's transport. ctxkit plans each request, the AI SDK calls
 * the model and streams the reply; each reply carries its ctxkit ids, so `ContextDetails` sits under it. The demo's
 * tools run through `runTool`, after the user allows each call (the settings' "run without asking" covers the
 * calculator and the time).
 */
export function AiSdkChat({ engine, settings, initialSessionId, initialMessages, onError }: AiSdkChatProps) {
  const [sessionId, setSessionId] = useState(initialSessionId);
  const [draft, setDraft] = useState('');
  const [approval, setApproval] = useState<Approval | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  // One transport for the page's life: it follows the conversation to the branches Regenerate makes.
  const [transport] = useState(() => {
    const runTool: CtxkitToolRunner = async (call, { abortSignal }) => {
      const toolCall: ToolCall = { id: call.toolCallId, name: call.functionName, arguments: call.input };
      if (needsApproval(toolCall, settings)) {
        const decisions = await new Promise<ToolDecisions>((resolve, reject) => {
          const onAbort = () => {
            setApproval(null);
            reject(abortSignal.reason);
          };
          if (abortSignal.aborted) return onAbort();
          abortSignal.addEventListener('abort', onAbort, { once: true });
          setApproval({
            call: toolCall,
            settle: (decided) => {
              abortSignal.removeEventListener('abort', onAbort);
              setApproval(null);
              resolve(decided);
            },
          });
        });
        if (decisions[toolCall.id] !== 'approved') return toolResult(DENIED_CONTENT, { approval: 'denied' });
        const outcome = runToolCall(toolCall);
        return toolResult(outcome.content, { approval: 'approved', isError: outcome.isError });
      }
      const outcome = runToolCall(toolCall);
      return toolResult(outcome.content, { isError: outcome.isError });
    };
    return createCtxkitTransport<CtxkitUIMessage>({
      engine,
      sessionId: initialSessionId,
      model: modelFor(settings),
      runTool,
      onSessionChange: (id) => {
        localStorage.setItem(AI_SDK_SESSION_KEY, id);
        setSessionId(id);
      },
    });
  });

  const [files, setFiles] = useState<FileList | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const { messages, sendMessage, regenerate, stop, status, error, clearError } = useChat<CtxkitUIMessage>({
    transport,
    messages: initialMessages,
  });
  const busy = status === 'submitted' || status === 'streaming';

  useEffect(() => {
    if (error) onError(error);
  }, [error, onError]);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if ((text === '' && !files) || busy) return;
    clearError();
    setDraft('');
    // useChat reads the files into data URLs: ctxkit counts, stores and plans them with the message.
    void sendMessage({ text, ...(files && { files }) });
    setFiles(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    send();
  };

  const lastAssistant = [...messages].reverse().find((message) => message.role === 'assistant');
  return (
    <section className="chat aisdk__chat" aria-label="Chat">
      <ol className="transcript" aria-label="Messages">
        {messages.length === 0 && (
          <li className="transcript__empty">
            Ask something, e.g. “Which database table holds the invoices?”. ctxkit plans the request, the AI
            SDK streams the reply, and <strong>Context used</strong> under it shows what the model was given.
          </li>
        )}
        {messages.map((message) => {
          const streaming = busy && message === messages.at(-1) && message.role === 'assistant';
          return (
            <MessageItem
              key={message.id}
              message={message}
              streaming={streaming}
              canRegenerate={!busy && message === lastAssistant}
              onRegenerate={() => {
                clearError();
                void regenerate({ messageId: message.id });
              }}
            />
          );
        })}
        {approval && (
          <li className="message message--assistant">
            <ToolApproval key={approval.call.id} calls={[approval.call]} onSettled={approval.settle} />
          </li>
        )}
      </ol>
      <form className="composer" onSubmit={send}>
        <label htmlFor="aisdk-input" className="visually-hidden">
          Message
        </label>
        <textarea
          ref={input}
          id="aisdk-input"
          className="composer__input"
          rows={2}
          value={draft}
          placeholder="Ask something (Enter sends, Shift+Enter for a new line)"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="composer__row">
          <label className="button composer__attach">
            {files?.length ? `${files.length} image${files.length === 1 ? '' : 's'}` : 'Attach images'}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              multiple
              className="visually-hidden"
              onChange={(event) => setFiles(event.target.files?.length ? event.target.files : undefined)}
            />
          </label>
          <BudgetMeter sessionId={sessionId} draft={draft} variant="compact" hotkey={MODE_HOTKEY} />
          {busy ? (
            <button type="button" className="button" onClick={() => void stop()}>
              Stop
            </button>
          ) : (
            <button type="submit" className="button button--primary" disabled={draft.trim() === '' && !files}>
              Send
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function textOf(message: CtxkitUIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function MessageItem({
  message,
  streaming,
  canRegenerate,
  onRegenerate,
}: {
  readonly message: CtxkitUIMessage;
  readonly streaming: boolean;
  readonly canRegenerate: boolean;
  readonly onRegenerate: () => void;
}) {
  const text = textOf(message);
  if (message.role === 'user')
    return (
      <li className="message message--user">
        <div className="message__body">{text}</div>
      </li>
    );
  const ids = ctxkitMetadataOf(message);
  const calls = message.parts.flatMap((part) => (part.type === 'dynamic-tool' ? [part] : []));
  return (
    <li
      className="message message--assistant"
      data-message-id={ids?.messageId}
      data-session-id={ids?.sessionId}
      aria-busy={streaming}
    >
      {calls.length > 0 && (
        <ul className="aisdk__calls" aria-label="Tool calls">
          {calls.map((call) => (
            <li key={call.toolCallId} data-state={call.state}>
              <code>{call.toolName.replace('__', ':')}</code> <code>{JSON.stringify(call.input)}</code>
              {call.state === 'output-available' && <> → {String(call.output)}</>}
              {call.state === 'output-error' && <> → {call.errorText}</>}
            </li>
          ))}
        </ul>
      )}
      {(text !== '' || streaming) && <ReplyBody text={text || '…'} streaming={streaming} />}
      {!streaming && !ids?.messageId && (
        <p className="aisdk__note">Stopped: nothing of this reply was kept.</p>
      )}
      {ids?.messageId && (
        <details className="message__details aisdk__details">
          <summary>Context used</summary>
          <ContextDetails variant="expanded" sessionId={ids.sessionId} messageId={ids.messageId} />
        </details>
      )}
      {canRegenerate && (
        <div className="message__actions">
          <button type="button" className="chip chip--quiet" onClick={onRegenerate}>
            Regenerate
          </button>
        </div>
      )}
    </li>
  );
}
