// ctxkit glue: what the app needs from ctxkit, besides the lines of the other files that use it.
import { type CtxkitUIMessage, createCtxkitTransport, ctxkitMetadataOf, loadChat } from '@ctxkit/ai-sdk';
import { createEngine, openIdbStore } from '@ctxkit/core';
import { ContextDetails, useEngine } from '@ctxkit/react';
import '@ctxkit/react/styles.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MODEL_ID, model } from './model';

// For <CtxkitProvider createEngine>: made in the browser after mount, on IndexedDB (chats survive a reload).
export async function startEngine() {
  return createEngine({
    model: MODEL_ID,
    contextWindow: 128_000,
    store: await openIdbStore({ name: 'usechat-ai5' }),
    catalog: { rules: [{ name: 'Tone', content: 'Answer briefly and plainly.', include: 'always' }] },
  });
}

/** A chat by the app's id: its stored messages (latest branch) and the transport planning each request. */
export function useCtxkitChat(chatId: string) {
  const engine = useEngine();
  const [branch, setBranch] = useState<string>(); // regenerating a reply continues in a branch
  const { data } = useQuery({
    queryKey: ['ctxkit-chat', chatId],
    queryFn: async () => {
      const { sessionId, messages } = await loadChat(engine, chatId);
      const transport = createCtxkitTransport({ engine, sessionId, model, onSessionChange: setBranch });
      return { sessionId, messages, transport };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0, // read from the store again on the next visit
  });
  return data && { ...data, sessionId: branch ?? data.sessionId };
}

/** What went into the request of a reply, and why: one line that opens to the full view. */
export function ReplyContext({ message }: { readonly message: CtxkitUIMessage }) {
  const ids = ctxkitMetadataOf(message);
  return ids?.messageId ? <ContextDetails sessionId={ids.sessionId} messageId={ids.messageId} /> : null;
}
