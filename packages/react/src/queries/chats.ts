import type { DeleteOptions, NewSessionOptions, Session } from '@ctxkit/core';
import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';

// A chat app's own ids: open a chat by the id in its URL (a new one is stored only at its first turn), and delete
// a chat so that its session goes with it.

/**
 * The session of a chat by the app's own id (`engine.openOrCreateSession`): the stored one, or a new one under that
 * id that the store holds only from its first write, so a visit to "New chat" that sends nothing leaves nothing.
 * `options` (title, memory, private) apply only to a new one. Deleting the chat gives a fresh one.
 */
export function useOpenOrCreateSession(
  sessionId: string,
  options?: Omit<NewSessionOptions, 'id'>,
  // biome-ignore lint/suspicious/noExplicitAny: the request type is irrelevant here
): UseQueryResult<Session<any>> {
  const engine = useEngine();
  return useQuery({
    // A session object is the engine's, not data to compare or copy: kept as it is until the chat is deleted.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    structuralSharing: false,
    queryKey: ctxkitKeys.open(sessionId),
    queryFn: () => engine.openOrCreateSession(sessionId, options),
  });
}

/** What `useDeleteSession` deletes: a session, and with `branches: 'delete'` its whole tree of branches. */
export interface DeleteSessionInput extends DeleteOptions {
  readonly sessionId: string;
}

/**
 * Deletes a session and the memories learned from it (`engine.deleteSession`): the one call for "delete this
 * chat". A session with branches is refused with a BranchError unless `branches: 'delete'`. The store's events
 * refresh each view of it.
 */
export function useDeleteSession(): UseMutationResult<void, Error, DeleteSessionInput> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, ...options }: DeleteSessionInput) => engine.deleteSession(sessionId, options),
    onSettled: (_result, _error, { sessionId }) =>
      Promise.all([
        // A session the store never held sends no event: its open object is forgotten here.
        client.invalidateQueries({ queryKey: ctxkitKeys.session(sessionId) }),
        client.invalidateQueries({ queryKey: ctxkitKeys.sessions() }),
        client.invalidateQueries({ queryKey: ctxkitKeys.memories() }),
      ]),
  });
}
