import type { PinSuggestion } from '../session/index.js';

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
