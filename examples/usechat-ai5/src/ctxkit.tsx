// ctxkit glue: everything the app needs from ctxkit is in this file.
import { type CtxkitUIMessage, createCtxkitTransport, ctxkitMetadataOf } from '@ctxkit/ai-sdk';
import { createEngine, openIdbStore } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, CtxkitProvider, useEngine } from '@ctxkit/react';
import '@ctxkit/react/styles.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { MODEL_ID, model } from './model';

// Made in the browser once the page mounts, on IndexedDB: chats, and why each item went in, survive a reload.
async function startEngine() {
  return createEngine({
    model: MODEL_ID,
    contextWindow: 128_000,
    store: await openIdbStore({ name: 'usechat-ai5' }),
    catalog: { rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }] },
  });
}

export function CtxkitRoot({ children }: { readonly children: ReactNode }) {
  return (
    <CtxkitProvider createEngine={startEngine} fallback={<p>Loading…</p>}>
      {children}
    </CtxkitProvider>
  );
}

/** The transport `useChat` sends through for a chat: ctxkit plans each request and stores the turn with its context. */
export function useCtxkitTransport(chatId: string) {
  const engine = useEngine();
  // The session of a chat is the one titled with its id, made on the chat's first visit.
  const { data: sessionId } = useQuery({
    queryKey: ['ctxkit-session', chatId],
    queryFn: async () =>
      (await engine.listSessions()).find((record) => record.title === chatId)?.id ??
      (await engine.createSession({ title: chatId })).id,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const transport = useMemo(
    () => sessionId && createCtxkitTransport<CtxkitUIMessage>({ engine, sessionId, model }),
    [engine, sessionId],
  );
  return { transport, sessionId };
}

/** What went into the request of a reply, and why: one line that opens to the full view. */
export function ReplyContext({ message }: { readonly message: CtxkitUIMessage }) {
  const ids = ctxkitMetadataOf(message);
  return ids?.messageId ? <ContextDetails sessionId={ids.sessionId} messageId={ids.messageId} /> : null;
}

export function Meter({ sessionId, draft }: { readonly sessionId: string; readonly draft: string }) {
  return <BudgetMeter sessionId={sessionId} draft={draft} variant="compact" />;
}

export function useDeleteChatContext() {
  const engine = useEngine();
  return async (chatId: string) => {
    const known = (await engine.listSessions()).find((record) => record.title === chatId);
    if (known) await engine.deleteSession(known.id, { branches: 'delete' });
  };
}
