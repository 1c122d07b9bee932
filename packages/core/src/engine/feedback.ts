import { type Catalog, type ItemKey, type ItemRef, itemKey } from '../catalog/index.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import type { ChatMessage } from '../session/index.js';

/** What the user can say about an agent item a reply was given. */
export type FeedbackVerdict = 'not-relevant';

/**
 * The item and the user message a verdict is about: `item` must have come into the reply `messageId` as an `agent`
 * item (only those are chosen per message, so only they learn), and the query is the user message of that turn.
 */
export function feedbackTarget(
  messages: readonly ChatMessage[],
  catalog: Catalog,
  messageId: string,
  item: ItemRef,
  verdict: FeedbackVerdict,
): { readonly key: ItemKey; readonly query: string } {
  if (verdict !== 'not-relevant')
    throw new ValidationError('Invalid feedback', [
      { path: 'verdict', message: `must be 'not-relevant', not ${JSON.stringify(verdict)}` },
    ]);
  if (typeof messageId !== 'string')
    throw new ValidationError('Invalid feedback', [{ path: 'messageId', message: 'must be a string' }]);
  const at = messages.findIndex((message) => message.id === messageId);
  const reply = messages[at];
  if (reply?.role !== 'assistant') throw new NotFoundError('assistant message', messageId);
  if (
    item === null ||
    typeof item !== 'object' ||
    typeof (item as { type?: unknown }).type !== 'string' ||
    typeof (item as { name?: unknown }).name !== 'string'
  )
    throw new ValidationError('Invalid feedback', [
      { path: 'item', message: 'must be an item reference: { type, name }, and serverName for a tool' },
    ]);
  const key = itemKey(item);
  const used = reply.requestContext?.items.find((entry) => itemKey(entry) === key);
  if (used?.includeMode !== 'agent' || used.pin !== undefined)
    throw new ValidationError('Invalid feedback', [
      { path: 'item', message: `'${key}' did not come into message '${messageId}' as an agent item` },
    ]);
  if (!catalog.get(item)) throw new NotFoundError('catalog item', key);
  for (let i = at - 1; i >= 0; i--) {
    const message = messages[i] as ChatMessage;
    if (message.role === 'user') return { key, query: message.content };
  }
  throw new NotFoundError('user message before', messageId);
}
