import type { BranchOrigin, ChatMessage, Store } from '@ctxkit/core';
import { ctxkitKeys, useEngine, useMessages, useSession } from '@ctxkit/react';
import { useQuery } from '@tanstack/react-query';

// A branch's transcript is its parent's messages up to the fork point, then its own; the store keeps each message
// once, with the session that wrote it. The kit's `useMessages` gives a branch's whole transcript; the demo adds the
// session that owns each message, so forking from an inherited message and its "Branch of" links name the session
// that wrote it.

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
  const messages = useMessages(sessionId);
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
  if (!messages.data || !inherited.data) return { entries: undefined, isPending: true };
  const owners = new Map(inherited.data.map((entry) => [entry.message.id, entry.ownerId]));
  return {
    entries: messages.data.map((message) => ({ message, ownerId: owners.get(message.id) ?? sessionId })),
    isPending: false,
  };
}
