import type { JsonValue } from '../catalog/index.js';
import type { SharedDocumentShape } from '../shared-documents/index.js';

/** The stored list of messages the user asked never to be recalled (a JSON array of message ids). */
export const FORGOTTEN_DOCUMENT = 'ctxkit.recall.forgotten';

/** The message ids of a stored forgotten list; one written wrong (by hand, a faulty store) keeps what it can read. */
export function forgottenIn(stored: JsonValue | undefined): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The forgotten list as a shared document. A malformed one is set aside whole and reported like the others, but not
 * started empty: it keeps the message ids it can still read, since forgetting a wish never to recall a passage would
 * bring that passage back.
 */
export const FORGOTTEN_DOCUMENT_SHAPE: SharedDocumentShape = {
  key: FORGOTTEN_DOCUMENT,
  problem: (value) => {
    if (!Array.isArray(value)) return 'it is not a list of message ids';
    const wrong = value.findIndex((id) => typeof id !== 'string');
    return wrong === -1 ? null : `[${wrong}] is not a message id`;
  },
  restart: (malformed) => forgottenIn(malformed),
};
