'use client';

import { createEngine, type Engine, openIdbStore, type Session } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, CtxkitProvider, useMessages } from '@ctxkit/react';
import { type FormEvent, useEffect, useState } from 'react';
import { complete } from './actions';

interface Started {
  readonly engine: Engine;
  readonly session: Session;
}

/** The engine lives in the browser, on IndexedDB: it is created after the page mounts, never on the server. */
export function Chat() {
  const [started, setStarted] = useState<Started | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const engine = await createEngine({
        model: 'gpt-4o-mini',
        contextWindow: 128_000,
        store: await openIdbStore({ name: 'ctxkit-example-next-app' }),
        catalog: {
          rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }],
        },
      });
      const session = await engine.createSession();
      if (live) setStarted({ engine, session });
    })().catch((failure: unknown) => setError(String(failure)));
    return () => {
      live = false;
    };
  }, []);
  if (error) return <p role="alert">{error}</p>;
  if (!started) return <p>Loading…</p>;
  return (
    <CtxkitProvider engine={started.engine}>
      <Conversation session={started.session} />
    </CtxkitProvider>
  );
}

function Conversation({ session }: { session: Session }) {
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const messages = useMessages(session.id).data ?? [];

  async function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    setDraft('');
    setError(null);
    setBusy(true);
    const turn = await session.prepare(text);
    try {
      const reply = await complete(turn.request);
      await session.commit(turn, reply.content, reply.usage);
    } catch (failure) {
      session.rollback(turn);
      setDraft(text);
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <section className="messages" aria-live="polite">
        {messages.map((message) => (
          <article key={message.id} className={message.role}>
            <p>{message.role === 'assistant' ? message.modelReply.content : message.content}</p>
            {message.role === 'assistant' && <ContextDetails sessionId={session.id} messageId={message.id} />}
          </article>
        ))}
        {error && <p role="alert">{error}</p>}
      </section>
      <form onSubmit={send} className="composer">
        <textarea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Ask something"
          aria-label="Message"
          rows={3}
        />
        <BudgetMeter sessionId={session.id} draft={draft} variant="compact" />
        <button type="submit" disabled={busy || draft.trim() === ''}>
          Send
        </button>
      </form>
    </>
  );
}
