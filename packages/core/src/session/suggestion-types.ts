import type { PinTarget } from './pin-types.js';

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
