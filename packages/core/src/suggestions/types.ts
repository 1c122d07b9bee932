import type { PinTarget } from '../session/types.js';

/** Who suggested a pin: the model, in its reply, or the host app (`session.suggestPin`). */
export type SuggestionSource = 'model' | 'host';

/**
 * A pin offered to the user, stored with the session until the user accepts it (it becomes a normal pin) or
 * dismisses it. Never applied on its own.
 */
export interface PinSuggestion {
  readonly id: string;
  readonly target: PinTarget;
  /** Why it is suggested, as the model or the host put it (secrets redacted); null when none was given. */
  readonly reason: string | null;
  readonly source: SuggestionSource;
  /** For a model's suggestion: the assistant message that carried it. */
  readonly messageId?: string;
  /** ISO 8601. */
  readonly createdAt: string;
}

/** Why a suggestion line of a reply was not stored. */
export type IgnoredSuggestionReason =
  /** The line starts like a suggestion but does not follow the format. */
  | 'malformed'
  /** The ref names no item of the catalog (or a disabled one). */
  | 'unknown-ref'
  /** The item is already pinned, or already in the session context. */
  | 'already-in-context'
  /** The same reply suggested the item twice; the first one counts. */
  | 'duplicate';

export interface IgnoredSuggestion {
  /** 1-based line of the reply. */
  readonly line: number;
  /** The ref as written; null when the line could not be read. */
  readonly ref: string | null;
  readonly reason: IgnoredSuggestionReason;
}

/** What a committed turn did with the suggestions its replies carried. */
export interface SuggestionReport {
  readonly added: readonly PinSuggestion[];
  readonly ignored: readonly IgnoredSuggestion[];
}
