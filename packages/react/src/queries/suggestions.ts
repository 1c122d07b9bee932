import type { PinSuggestion, SessionRecord } from '@ctxkit/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';

const NONE: readonly PinSuggestion[] = [];

/**
 * The pins the model or the host suggested for a session, stored with it until the user accepts or dismisses
 * them; `null` when there is no such session. Reads the session record, so another tab's answers show too.
 */
export function useSuggestions(sessionId: string): UseQueryResult<readonly PinSuggestion[] | null> {
  const engine = useEngine();
  return useQuery({
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryKey: ctxkitKeys.record(sessionId),
    queryFn: async () => (await engine.store.loadSession(sessionId))?.record ?? null,
    select: (record: SessionRecord | null) => (record ? (record.suggestions ?? NONE) : null),
  });
}
