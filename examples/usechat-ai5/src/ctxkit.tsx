// ctxkit glue: everything the app needs from ctxkit is in this file.
import { type CtxkitUIMessage, createCtxkitTransport, ctxkitMetadataOf } from '@ctxkit/ai-sdk';
import { createEngine, openIdbStore } from '@ctxkit/core';
import { BudgetMeter, ContextDetails, CtxkitProvider } from '@ctxkit/react';
import '@ctxkit/react/styles.css';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { MODEL_ID, model } from './model';

// One engine for the page, on IndexedDB: every chat's context, and why each item went in, survive a reload.
const engine = await createEngine({
  model: MODEL_ID,
  contextWindow: 128_000,
  store: await openIdbStore({ name: 'usechat-ai5' }),
  catalog: { rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }] },
});

export function CtxkitRoot({ children }: { readonly children: ReactNode }) {
  return <CtxkitProvider engine={engine}>{children}</CtxkitProvider>;
}

/** The session of a chat: the one titled with its id, made on the chat's first visit. */
async function sessionOf(chatId: string): Promise<string> {
  const known = (await engine.listSessions()).find((record) => record.title === chatId);
  return known?.id ?? (await engine.createSession({ title: chatId })).id;
}

/** The transport `useChat` sends through: ctxkit plans each request, and stores the turn with its context. */
export function useCtxkitTransport(chatId: string) {
  const [sessionId, setSessionId] = useState<string>();
  useEffect(() => {
    let live = true;
    void sessionOf(chatId).then((id) => live && setSessionId(id));
    return () => {
      live = false;
    };
  }, [chatId]);
  const transport = useMemo(
    () => sessionId && createCtxkitTransport<CtxkitUIMessage>({ engine, sessionId, model }),
    [sessionId],
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

export async function deleteChatContext(chatId: string): Promise<void> {
  const known = (await engine.listSessions()).find((record) => record.title === chatId);
  if (known) await engine.deleteSession(known.id, { branches: 'delete' });
}
