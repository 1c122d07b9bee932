import type { EngineEvent } from '@ctxkit/core';
import type { QueryClient } from '@tanstack/react-query';
import { ctxkitKeys } from './keys.js';

/**
 * Marks stale exactly the queries a store change affects; active ones refetch. The same events arrive for this
 * tab's writes and, from a store that shares them, for other tabs' writes, so nothing here is tab-specific.
 */
export function invalidateForEvent(client: QueryClient, event: EngineEvent): Promise<void> {
  const { sessionId } = event;
  const exact = (queryKey: readonly unknown[]) => client.invalidateQueries({ queryKey, exact: true });
  switch (event.type) {
    case 'session-saved':
      // Items, pins, mode, task, workspace or title changed: the record and what is planned from it.
      return all([
        exact(ctxkitKeys.record(sessionId)),
        client.invalidateQueries({ queryKey: ctxkitKeys.estimates(sessionId) }),
        exact(ctxkitKeys.sessions()),
        // Another tab's change makes the held object stale: opening again gives the fresh one (the same when not).
        exact(ctxkitKeys.open(sessionId)),
      ]);
    case 'turn-committed':
      // New messages, plans and usage reports, and a record with leases advanced. Stored plans never change,
      // so only the ids this turn added are refreshed (someone may have asked for one before it existed).
      return all([
        exact(ctxkitKeys.record(sessionId)),
        exact(ctxkitKeys.messages(sessionId)),
        exact(ctxkitKeys.usage(sessionId)),
        client.invalidateQueries({ queryKey: ctxkitKeys.estimates(sessionId) }),
        ...event.planIds.map((planId) => exact(ctxkitKeys.plan(sessionId, planId))),
        exact(ctxkitKeys.sessions()),
        // A summary written with the turn may have added memories.
        exact(ctxkitKeys.memories()),
        exact(ctxkitKeys.open(sessionId)),
      ]);
    case 'messages-erased':
      // A deleted turn: the transcript, the record (turns, pins, summaries) and what is planned from it.
      return all([
        exact(ctxkitKeys.record(sessionId)),
        exact(ctxkitKeys.messages(sessionId)),
        client.invalidateQueries({ queryKey: ctxkitKeys.estimates(sessionId) }),
        exact(ctxkitKeys.sessions()),
      ]);
    case 'turn-pending':
    case 'turn-settled':
      // The transcript shows the user's message from prepare on, marked pending, until the turn settles.
      return exact(ctxkitKeys.messages(sessionId));
    case 'session-deleted':
      // The memories learned from it go with it.
      return all([
        client.invalidateQueries({ queryKey: ctxkitKeys.session(sessionId) }),
        exact(ctxkitKeys.sessions()),
        exact(ctxkitKeys.memories()),
      ]);
  }
}

async function all(promises: readonly Promise<void>[]): Promise<void> {
  await Promise.all(promises);
}
