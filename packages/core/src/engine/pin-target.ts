import { type Catalog, itemKey, toRef } from '../catalog/index.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import { frozenJsonCopy } from '../json/index.js';
import type { SessionRedaction } from '../privacy/index.js';
import type { ChatMessage, PinTarget } from '../session/index.js';

/** What a pin target is checked against: the session it is pinned in. */
export interface PinTargetContext {
  readonly sessionId: string;
  readonly messages: readonly ChatMessage[];
  readonly catalog: Pick<Catalog, 'has'>;
  readonly redaction: SessionRedaction;
}

/**
 * A copy of a pin target the session can keep: a message of one of its turns, an item of the catalog, or a card
 * with a title, its text redacted as candidate `candidateId`. Anything else is refused, named under `target` in a
 * ValidationError titled `what` (a NotFoundError for an item the catalog lacks).
 */
export function ownPinTarget(
  target: PinTarget,
  { sessionId, messages, catalog, redaction }: PinTargetContext,
  candidateId: string,
  what: string,
): PinTarget {
  if (target.kind === 'message') {
    const message = messages.find((entry) => entry.id === target.messageId);
    if (!message || message.role === 'system' || message.role === 'error') {
      throw new ValidationError(what, [
        {
          path: 'target.messageId',
          message: message
            ? `'${target.messageId}' is a note, which is never sent; pin a message of a turn`
            : `no message '${target.messageId}' in session '${sessionId}'`,
        },
      ]);
    }
  }
  if (target.kind === 'item' && !catalog.has(target.ref)) {
    throw new NotFoundError('catalog item', itemKey(target.ref), 'only catalog items can be pinned as items');
  }
  if (
    target.kind === 'card' &&
    (typeof target.title !== 'string' || target.title.trim() === '' || typeof target.text !== 'string')
  ) {
    throw new ValidationError(what, [
      { path: 'target', message: 'a card needs a non-empty title and a text' },
    ]);
  }
  const [title = '', text = ''] =
    target.kind === 'card' ? redaction.text(candidateId, target.title, target.text) : [];
  return frozenJsonCopy(
    target.kind === 'item'
      ? { kind: 'item', ref: toRef(target.ref) }
      : target.kind === 'message'
        ? { kind: 'message', messageId: target.messageId }
        : { kind: 'card', title, text },
  );
}
