import { type ChatMessage, type Engine, type ItemRef, isCtxkitError, type ToolCall } from '@ctxkit/core';
import { BudgetMeter, ToolApproval, useDraftEstimate, useSession, useSessions } from '@ctxkit/react';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type ApprovalDecision, type ApproveToolCalls, sendMessage, useTranscript } from '../chat/index.js';
import type { DemoSettings } from '../settings/index.js';
import type { ForkRequest } from './fork-request.js';
import { ItemDialog } from './item-dialog.js';
import { MessageView } from './message-view.js';
import { ModelPicker } from './model-picker.js';
import { isSendKey } from './send-key.js';
import { isToolStep } from './tool-step.js';

export interface ChatViewProps {
  readonly engine: Engine;
  readonly sessionId: string;
  readonly settings: DemoSettings;
  readonly initialDraft: string;
  /** Send `initialDraft` as soon as the chat opens (a regenerated question). */
  readonly sendInitialDraft?: boolean;
  /** Put the focus in the input when the chat opens (it was in the input of the screen before). */
  readonly focusInput?: boolean;
  /** The chat took `initialDraft` (into its input, or sent it): it is not to be given again. */
  readonly onInitialDraftTaken?: () => void;
  readonly onFork: (request: ForkRequest) => void;
  readonly onSelect: (sessionId: string) => void;
  readonly onError: (error: unknown) => void;
  /** Pause between the local responder's chunks (tests shorten it). */
  readonly chunkDelayMs?: number;
}

interface Pending {
  readonly userText: string;
  readonly reply: string;
  /** Set once committed: the pending view stays until the stored messages include it. */
  readonly committedId?: string;
}

/** Tool calls waiting for the user's decision, and where the decisions go. */
interface PendingApproval {
  readonly calls: readonly ToolCall[];
  readonly settle: (decisions: Readonly<Record<string, ApprovalDecision>>) => void;
}

export const MODE_HOTKEY = 'Alt+Shift+M';

/** The user message a reply answers: the nearest one before it (tool steps may sit between). */
function questionBefore(
  entries: readonly { readonly message: ChatMessage }[],
  index: number,
): ChatMessage | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const { message } = entries[i] as { readonly message: ChatMessage };
    if (message.role === 'user') return message;
    if (message.role === 'assistant' && !isToolStep(message)) return undefined;
  }
  return undefined;
}

export function ChatView({
  engine,
  sessionId,
  settings,
  initialDraft,
  sendInitialDraft = false,
  focusInput = false,
  onInitialDraftTaken,
  onFork,
  onSelect,
  onError,
  chunkDelayMs,
}: ChatViewProps) {
  const transcript = useTranscript(sessionId);
  const record = useSession(sessionId);
  const sessions = useSessions();
  // The draft outlives a remount (new settings build a new engine) and a reload, per session, in this tab only.
  const draftKey = `ctxkit-demo.draft.${sessionId}`;
  const [draft, setDraftState] = useState(() => initialDraft || (sessionStorage.getItem(draftKey) ?? ''));
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      if (text) sessionStorage.setItem(draftKey, text);
      else sessionStorage.removeItem(draftKey);
    },
    [draftKey],
  );
  const [pending, setPending] = useState<Pending | null>(null);
  const [approval, setApproval] = useState<PendingApproval | null>(null);
  const approvalRef = useRef<HTMLDivElement>(null);
  const [openItem, setOpenItem] = useState<ItemRef | null>(null);
  const abort = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stored = transcript.entries ?? [];
  // The meter says why (the message, or the required context); Send waits until it fits.
  const estimate = useDraftEstimate(sessionId, draft);
  const overBudget = draft.trim() !== '' && isCtxkitError(estimate.error, 'over_budget');
  const showPending =
    pending && !(pending.committedId && stored.some((entry) => entry.message.id === pending.committedId));

  useEffect(() => {
    if (initialDraft && !sendInitialDraft) setDraft(initialDraft);
  }, [initialDraft, sendInitialDraft, setDraft]);
  useEffect(() => {
    if (!showPending && pending?.committedId) setPending(null);
  }, [showPending, pending]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the transcript or the streamed reply grows
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [stored.length, pending?.reply]);

  // The send loop asks here; the decision is made in the transcript, where the reply would stream. Stop withdraws it.
  const approve: ApproveToolCalls = (calls, signal) =>
    new Promise((resolve, reject) => {
      const withdraw = () => {
        setApproval(null);
        reject(signal.reason);
      };
      if (signal.aborted) {
        withdraw();
        return;
      }
      signal.addEventListener('abort', withdraw, { once: true });
      setApproval({
        calls,
        settle: (decisions) => {
          signal.removeEventListener('abort', withdraw);
          setApproval(null);
          resolve(decisions);
        },
      });
    });

  const send = async (event?: FormEvent, message = draft) => {
    event?.preventDefault();
    const text = message.trim();
    if (text === '' || pending) return;
    const controller = new AbortController();
    abort.current = controller;
    setPending({ userText: text, reply: '' });
    setDraft('');
    // Send turns into Stop while the reply streams: keep the user in the input rather than lose focus to the page.
    inputRef.current?.focus();
    try {
      const { assistantMessageId } = await sendMessage({
        engine,
        sessionId,
        text,
        settings,
        signal: controller.signal,
        approve,
        onText: (reply) => setPending({ userText: text, reply }),
        ...(chunkDelayMs === undefined ? {} : { chunkDelayMs }),
      });
      setPending((current) => (current ? { ...current, committedId: assistantMessageId } : null));
    } catch (error) {
      setPending(null);
      setDraft(text);
      if (!controller.signal.aborted) onError(error);
    } finally {
      abort.current = null;
    }
  };

  // Nothing goes on until the user decides: the decision takes the focus (its first button), and gives it back.
  useEffect(() => {
    if (!approval) return;
    approvalRef.current?.querySelector<HTMLElement>('button')?.focus();
    return () => inputRef.current?.focus();
  }, [approval]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    const input = inputRef.current;
    if (!focusInput || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const deleteTurn = (messageId: string) =>
    engine
      .openSession(sessionId)
      .then((session) => session.deleteTurn(messageId))
      .catch(onError);

  // A regenerated question is asked once, when its branch opens.
  const sentInitial = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening
  useEffect(() => {
    if (!initialDraft || sentInitial.current) return;
    onInitialDraftTaken?.();
    if (!sendInitialDraft) return;
    sentInitial.current = true;
    void send(undefined, initialDraft);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    // Otherwise the newline would land in the emptied input after the send.
    event.preventDefault();
    if (!overBudget) void send();
  };

  const branch = record.data?.branch;
  const parent = branch ? sessions.data?.find((session) => session.id === branch.parentSessionId) : undefined;
  const children = (sessions.data ?? []).filter((session) => session.branch?.parentSessionId === sessionId);

  return (
    <section className="chat" aria-label="Chat">
      <header className="chat__head">
        <h1 className="chat__title">{record.data?.title ?? ' '}</h1>
        {(parent || children.length > 0) && (
          <p className="chat__branches">
            {parent && (
              <>
                Branch of{' '}
                <button type="button" className="link" onClick={() => onSelect(parent.id)}>
                  {parent.title}
                </button>
                {children.length > 0 ? ' · ' : ''}
              </>
            )}
            {children.length > 0 && (
              <>
                Branches:{' '}
                {children.map((child, index) => (
                  <span key={child.id}>
                    {index > 0 ? ', ' : ''}
                    <button type="button" className="link" onClick={() => onSelect(child.id)}>
                      {child.title}
                    </button>
                  </span>
                ))}
              </>
            )}
          </p>
        )}
      </header>
      {/* The kit's tool trace and approval have h3 headings: this keeps the outline h1 → h2 → h3. */}
      <h2 className="visually-hidden">Messages</h2>
      <ol ref={listRef} className="transcript" aria-label="Messages">
        {transcript.isPending && <li role="status">Loading…</li>}
        {stored.length === 0 && !pending && !transcript.isPending && (
          <li className="transcript__empty">
            <p>Ask something about the team’s code, for example:</p>
            <ul>
              <li>“How should I write tests for the file upload?”</li>
              <li>“Which database table holds the invoices?”</li>
              <li>“The invoice query is slow, what should I check?”</li>
              <li>“What is 17 * 23?” (a tool call, run once you allow it)</li>
            </ul>
            <p>
              Every reply shows the context it was given. Press <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>M</kbd>{' '}
              to cycle the context mode.
            </p>
          </li>
        )}
        {stored.map(({ message, ownerId }, index) => (
          <MessageView
            key={message.id}
            sessionId={sessionId}
            ownerId={ownerId}
            message={message}
            question={message.role === 'assistant' ? questionBefore(stored, index) : undefined}
            // A branch's inherited messages are its parent's to delete.
            onDelete={ownerId === sessionId ? deleteTurn : undefined}
            busy={pending !== null}
            onFork={onFork}
            onOpenItem={setOpenItem}
          />
        ))}
        {showPending && (
          <>
            <li className="message message--user" data-pending="true">
              <div className="message__body">{pending.userText}</div>
            </li>
            <li
              className="message message--assistant"
              data-pending="true"
              aria-busy={!pending.committedId && !approval}
            >
              {approval ? (
                <div ref={approvalRef}>
                  <ToolApproval
                    key={approval.calls.map((call) => call.id).join(' ')}
                    calls={approval.calls}
                    onSettled={approval.settle}
                  />
                </div>
              ) : (
                <div className="message__body message__body--streaming">{pending.reply || '…'}</div>
              )}
            </li>
          </>
        )}
      </ol>
      <form className="composer" onSubmit={send}>
        <label htmlFor="composer-input" className="visually-hidden">
          Message
        </label>
        <textarea
          ref={inputRef}
          id="composer-input"
          className="composer__input"
          rows={2}
          placeholder="Ask about the codebase… (Enter sends, Shift+Enter for a new line)"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="composer__row">
          <BudgetMeter.Root sessionId={sessionId} draft={draft} variant="compact" hotkey={MODE_HOTKEY}>
            <div className="ctxkit-meter__row">
              <BudgetMeter.ModeTrigger />
              <BudgetMeter.Bar />
              <BudgetMeter.Figures />
              <BudgetMeter.BreakdownTrigger />
            </div>
            <BudgetMeter.Loading />
            <BudgetMeter.Error />
            <BudgetMeter.OverBudget />
            {/* The tokenizer and template of the model picked beside the meter. */}
            <BudgetMeter.Counting />
            {/* What the provider counted against the estimate, and the draft in the model's own tokens once its
                reports calibrated the count; the local responder counts nothing. */}
            {settings.endpoint && <BudgetMeter.LastReply />}
            {settings.endpoint && <BudgetMeter.Calibration />}
            <BudgetMeter.ModeError />
            <BudgetMeter.BreakdownContent />
          </BudgetMeter.Root>
          <ModelPicker settings={settings} />
          {pending && !pending.committedId ? (
            <button type="button" className="button" onClick={() => abort.current?.abort()}>
              Stop
            </button>
          ) : (
            <button
              type="submit"
              className="button button--primary"
              disabled={draft.trim() === '' || overBudget}
              title={overBudget ? 'Too long to send: see the advice above' : undefined}
            >
              Send
            </button>
          )}
        </div>
      </form>
      <ItemDialog sessionId={sessionId} item={openItem} onClose={() => setOpenItem(null)} />
    </section>
  );
}
