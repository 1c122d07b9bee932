import { ValidationError } from '../errors/index.js';
import type { ChatMessage, SessionRecord, Turn } from '../session/index.js';

/** A message of a deleted turn with its text gone, as a store keeps it in its place (never loaded again). */
export function erasedMessage(message: ChatMessage): ChatMessage {
  const base = { id: message.id, createdAt: message.createdAt, erased: true as const };
  switch (message.role) {
    case 'assistant':
      return { ...base, role: 'assistant', modelReply: { content: '' } };
    case 'tool':
      return {
        ...base,
        role: 'tool',
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        content: '',
      };
    default:
      return { ...base, role: message.role, content: '' };
  }
}

/**
 * The record once `turn` is deleted: one turn fewer, without the pins on its messages and without the summaries
 * that covered it (with every later one, which may build on them: the summarizer writes them again).
 */
export function recordWithoutTurn(
  record: SessionRecord,
  messages: readonly ChatMessage[],
  turn: Turn,
  now: string,
): SessionRecord {
  const gone = new Set(turn.messages.map((message) => message.id));
  const position = new Map(messages.map((message, i) => [message.id, i]));
  const first = position.get(turn.messages[0]?.id ?? '') ?? 0;
  const last = position.get(turn.messages.at(-1)?.id ?? '') ?? first;
  const checkpoints = record.checkpoints ?? [];
  const covering = checkpoints.findIndex(
    (checkpoint) =>
      (position.get(checkpoint.firstMessageId) ?? Number.POSITIVE_INFINITY) <= last &&
      (position.get(checkpoint.lastMessageId) ?? Number.NEGATIVE_INFINITY) >= first,
  );
  const { checkpoints: _checkpoints, ...rest } = record;
  const kept = covering < 0 ? checkpoints : checkpoints.slice(0, covering);
  return {
    ...rest,
    ...(kept.length > 0 && { checkpoints: kept }),
    pins: record.pins.filter((pin) => !(pin.target.kind === 'message' && gone.has(pin.target.messageId))),
    turnCount: Math.max(0, record.turnCount - 1),
    updatedAt: now,
  };
}

/**
 * Refuses to delete a turn this branch inherited (it is its parent's to delete), or one a branch was forked from
 * (the branch would lose the point it goes on from).
 */
export function checkDeletable(
  record: SessionRecord,
  messages: readonly ChatMessage[],
  turn: Turn,
  branches: readonly SessionRecord[],
): void {
  const branch = record.branch;
  if (branch) {
    const inherited =
      branch.throughMessageId === null ? 0 : messages.findIndex((m) => m.id === branch.throughMessageId) + 1;
    const position = messages.findIndex((message) => message.id === turn.id);
    if (position < inherited)
      throw new ValidationError(`Cannot delete the turn of message '${turn.id}'`, [
        {
          path: 'messageId',
          message: `it belongs to session '${branch.parentSessionId}', which this branch was forked from; delete it there`,
        },
      ]);
  }
  const ids = new Set(turn.messages.map((message) => message.id));
  const forked = branches.filter(
    (other) => other.branch?.parentSessionId === record.id && ids.has(other.branch.throughMessageId ?? ''),
  );
  if (forked.length > 0)
    throw new ValidationError(`Cannot delete the turn of message '${turn.id}'`, [
      {
        path: 'messageId',
        message: `branch${forked.length === 1 ? '' : 'es'} ${forked.map((other) => `'${other.id}'`).join(', ')} go on from it; delete ${forked.length === 1 ? 'it' : 'them'} first`,
      },
    ]);
}
