import type { BranchOrigin, ChatMessage, Store } from '@ctxkit/core';
import { ctxkitKeys, useEngine, useMessages, useSession } from '@ctxkit/react';
import { useQuery } from '@tanstack/react-query';

// A branch's transcript is its parent's messages up to the fork point, then its own; the store keeps each message
// once, with the session that wrote it. The kit's `useMessages` reads one session's own messages, so for a branch
// the demo adds the inherited ones here, each with the session that owns it: that session's id is where its
// request context and plan are found (`ContextDetails sessionId`).

export interface TranscriptEntry {
  readonly message: ChatMessage;
  /** The session that stored the message: this one, or an ancestor for inherited messages. */
  readonly ownerId: string;
}

/** The messages a branch sees from its ancestors, oldest first, each with its owner. */
export async function inheritedMessages(
  store: Pick<Store, 'loadSession'>,
  branch: BranchOrigin,
): Promise<TranscriptEntry[]> {
  if (branch.throughMessageId === null) return [];
  const parent = await store.loadSession(branch.parentSessionId);
  if (!parent) return [];
  const above = parent.record.branch ? await inheritedMessages(store, parent.record.branch) : [];
  const all = [...above, ...parent.messages.map((message) => ({ message, ownerId: parent.record.id }))];
  const cut = all.findIndex((entry) => entry.message.id === branch.throughMessageId);
  return cut < 0 ? all : all.slice(0, cut + 1);
}

export interface Transcript {
  readonly entries: readonly TranscriptEntry[] | undefined;
  readonly isPending: boolean;
}

/** The whole transcript of a session or branch, refreshed with the kit's own queries. */
export function useTranscript(sessionId: string): Transcript {
  const engine = useEngine();
  const own = useMessages(sessionId);
  const record = useSession(sessionId);
  const branch = record.data?.branch ?? null;
  // What a branch inherits never changes while it exists; deleting a session invalidates everything under its key.
  const inherited = useQuery({
    queryKey: [...ctxkitKeys.session(sessionId), 'inherited', branch?.throughMessageId ?? null],
    queryFn: () => (branch ? inheritedMessages(engine.store, branch) : Promise.resolve([])),
    enabled: record.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (!own.data || !inherited.data) return { entries: undefined, isPending: true };
  return {
    entries: [...inherited.data, ...own.data.map((message) => ({ message, ownerId: sessionId }))],
    isPending: false,
  };
}
