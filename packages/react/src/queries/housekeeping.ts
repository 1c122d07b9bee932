import type { SessionRecord } from '@ctxkit/core';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';

/**
 * Deletes every conversation older than a number of days (`engine.deleteSessionsOlderThan`), with its branches and
 * the memories learned from it; resolves to the deleted records. The store's events refresh each open view.
 */
export function useDeleteOldSessions(): UseMutationResult<readonly SessionRecord[], Error, number> {
  const engine = useEngine();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (maxAgeDays: number) => engine.deleteSessionsOlderThan(maxAgeDays),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ctxkitKeys.sessions() }),
        client.invalidateQueries({ queryKey: ctxkitKeys.memories() }),
      ]),
  });
}

/**
 * The telemetry of one session (or of all, without an id) as JSON lines, one per committed turn
 * (`engine.reflection.exportTelemetry`): nothing leaves the device unless the host sends it.
 */
export function useExportTelemetry(): UseMutationResult<string, Error, string | undefined> {
  const engine = useEngine();
  return useMutation({ mutationFn: (sessionId?: string) => engine.reflection.exportTelemetry(sessionId) });
}
