import { reportError } from '../errors/index.js';
import type { UserMessage } from '../session/index.js';
import type { StoreEvent } from '../store/index.js';

/**
 * A turn of this engine that is prepared and not yet committed or rolled back (its reply may be streaming): the
 * user's message is shown at once, before the store has it. Only this engine knows it; other tabs see the message
 * when it is committed.
 */
export type PendingTurnEvent =
  | { readonly type: 'turn-pending'; readonly sessionId: string; readonly origin: 'local' }
  | {
      readonly type: 'turn-settled';
      readonly sessionId: string;
      readonly outcome: 'committed' | 'rolled-back';
      readonly origin: 'local';
    };

/** What `engine.subscribe` delivers: the store's changes, and this engine's pending turns. */
export type EngineEvent = StoreEvent | PendingTurnEvent;

/** The user messages of the turns sessions of one engine have open, announced as they open and settle. */
export class PendingTurns {
  readonly #messages = new Map<string, UserMessage>();
  readonly #listeners = new Set<(event: PendingTurnEvent) => void>();

  get(sessionId: string): UserMessage | null {
    return this.#messages.get(sessionId) ?? null;
  }

  opened(sessionId: string, message: UserMessage): void {
    this.#messages.set(sessionId, message);
    this.#emit({ type: 'turn-pending', sessionId, origin: 'local' });
  }

  settled(sessionId: string, outcome: 'committed' | 'rolled-back'): void {
    if (!this.#messages.delete(sessionId)) return;
    this.#emit({ type: 'turn-settled', sessionId, outcome, origin: 'local' });
  }

  subscribe(listener: (event: PendingTurnEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: PendingTurnEvent): void {
    // A failing listener (a UI's) must not fail the turn that announced it.
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        reportError(error);
      }
    }
  }
}
