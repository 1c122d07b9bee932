import { type KeyboardEvent, useEffect, useRef } from 'react';
import { isSendKey } from './send-key.js';

/** What was typed before the app was ready, and whether it should be sent as soon as it is. */
export interface BootDraft {
  readonly text: string;
  readonly send: boolean;
  /** The input had focus: the ready chat keeps it there. */
  readonly focused: boolean;
}

export interface BootScreenProps {
  readonly draft: BootDraft;
  readonly onDraft: (draft: BootDraft) => void;
}

/**
 * The chat as it paints, before the database and engine are open: the input is there and takes typing at once, and
 * Enter queues the message, sent as soon as the engine is ready. Everything else loads behind it.
 */
export function BootScreen({ draft, onDraft }: BootScreenProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const latest = useRef(draft);
  latest.current = draft;
  // Whether the input holds focus is read when the app takes over, so the ready chat keeps it. Native listeners,
  // removed before the input is: the blur a removed input may fire must not count.
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const track = () => onDraft({ ...latest.current, focused: document.activeElement === element });
    element.addEventListener('focus', track);
    element.addEventListener('blur', track);
    return () => {
      element.removeEventListener('focus', track);
      element.removeEventListener('blur', track);
    };
  }, [onDraft]);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    if (draft.text.trim() !== '') onDraft({ ...draft, send: true });
  };
  return (
    <div className="app" data-state="booting">
      <header className="topbar">
        <span className="brand">
          ctxkit <span className="brand__sub">demo</span>
        </span>
      </header>
      <nav className="sessions" aria-label="Sessions">
        <p role="status">Opening the local database…</p>
      </nav>
      <main className="main">
        <section className="chat" aria-label="Chat">
          <div className="transcript" />
          <form className="composer" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="composer-input" className="visually-hidden">
              Message
            </label>
            <textarea
              ref={input}
              id="composer-input"
              className="composer__input"
              rows={2}
              placeholder="Ask about the codebase… (Enter sends, Shift+Enter for a new line)"
              value={draft.text}
              onChange={(event) => onDraft({ ...draft, text: event.target.value, send: false })}
              onKeyDown={onKeyDown}
            />
            <div className="composer__row">
              <span className="composer__status">{draft.send ? 'Sends when ready…' : 'Starting…'}</span>
              <button type="submit" className="button button--primary" disabled>
                Send
              </button>
            </div>
          </form>
        </section>
      </main>
      <aside className="side" aria-label="Context of this session" />
    </div>
  );
}
