import { StaleSessionError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';
import type { LoadedSession, StoreEvent } from '../store/index.js';

/**
 * Session objects another tab has changed since they were loaded. When its store hears a remote change of a session
 * it holds, the engine reads the session again and marks its object if that differs; a marked object still reads
 * (what it had), but refuses to write its old copy over the new one.
 */
export class StaleSessions {
  readonly #stale = new WeakSet<object>();

  mark(session: object): void {
    this.#stale.add(session);
  }

  has(session: object): boolean {
    return this.#stale.has(session);
  }

  /** Throws StaleSessionError when `session` is marked: called before every write and every `prepare`. */
  check(session: object, sessionId: string): void {
    if (this.#stale.has(session)) throw new StaleSessionError(sessionId);
  }
}

/** The session a store event from another tab is about; undefined for this tab's own changes. */
export function remoteChange(event: StoreEvent): string | undefined {
  return event.origin === 'remote' ? event.sessionId : undefined;
}

/**
 * Whether a session object still holds what the store has: the same record and the same last message of its own.
 * A change announced before the object was loaded is already in it, and must not make it stale.
 */
export function holdsStored(
  session: { readonly record: SessionRecord; readonly head: string | null },
  stored: LoadedSession | undefined,
): boolean {
  if (!stored) return false;
  const head = stored.messages.at(-1)?.id;
  return (
    (head === undefined || head === session.head) &&
    JSON.stringify(stored.record) === JSON.stringify(session.record)
  );
}
