'use client';

import { createEngine, openIdbStore, type Session } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, CtxkitProvider, useEngine, useMessages } from '@ctxkit/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { complete } from './actions';

/** Runs in the browser only: the provider calls it after mounting, never during the server render. */
async function startEngine() {
  return createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 128_000,
    store: await openIdbStore({ name: 'ctxkit-example-next-app' }),
    catalog: {
      rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }],
    },
  });
}

/** The server renders the fallback; the browser makes the engine on IndexedDB, then shows the chat. */
export function Chat() {
  return (
    <CtxkitProvider createEngine={startEngine} fallback={<p>Loading the chat…</p>}>
      <NewConversation />
    </CtxkitProvider>
  );
}

/** One session per visit; a query, so StrictMode's second effect in development does not make a second one. */
function NewConversation() {
  const engine = useEngine();
  const session = useQuery({
    queryKey: ['example-session'],
    queryFn: () => engine.createSession(),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (session.error) return <p role="alert">{String(session.error)}</p>;
  if (!session.data) return <p>Loading the chat…</p>;
  return <Conversation session={session.data} />;
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
