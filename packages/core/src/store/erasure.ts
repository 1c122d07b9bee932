import { NotFoundError, ValidationError } from '../errors/index.js';
import type { ChatMessage } from '../session/index.js';
import { messageProblem } from './record-shape.js';

/**
 * Where each erased message goes among a session's stored messages (the same id), checked before anything is
 * written: each must be an erased version (`erased: true`, a message a store can read back) of a stored message
 * with the same role.
 */
export function positionsOf(
  stored: readonly ChatMessage[],
  erased: readonly ChatMessage[],
  sessionId: string,
): number[] {
  const issues = erased.flatMap((message, i) => {
    const problem = messageProblem(message);
    if (problem !== null) return [{ path: `messages[${i}]`, message: problem }];
    return message.erased === true ? [] : [{ path: `messages[${i}].erased`, message: 'must be true' }];
  });
  if (issues.length > 0) throw new ValidationError('Messages to erase', issues);
  const positionOfId = new Map(stored.map((message, position) => [message.id, position]));
  return erased.map((message) => {
    const position = positionOfId.get(message.id);
    if (position === undefined)
      throw new NotFoundError('message', message.id, `session '${sessionId}' stores no such message`);
    if ((stored[position] as ChatMessage).role !== message.role)
      throw new ValidationError('Messages to erase', [
        { path: `messages.${message.id}.role`, message: 'must stay the role the stored message has' },
      ]);
    return position;
  });
}
