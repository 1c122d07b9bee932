import type { ItemRef } from '../../catalog/index.js';
import { NotFoundError, TransactionError } from '../../errors/index.js';
import type { ChatMessage, Transcript } from '../../session/index.js';
import type { FeedbackVerdict } from '../feedback.js';
import { deleteTurnOperations, feedbackOperations } from '../lazy.js';
import { checkId, checkNote } from '../session-input.js';
import type { SessionCore } from './core.js';
import { turnOperations } from './lazy.js';

// A session's transcript as a chat UI shows it, and changes to it outside a turn: a turn deleted, a note added, the
// user's verdict on a reply.

export function read<R>(core: SessionCore<R>): Transcript {
  return turnOperations().transcriptOf(core.record, core.messages, core.writtenIn);
}

export async function deleteTurn<R>(core: SessionCore<R>, messageId: string): Promise<void> {
  checkId(messageId, 'messageId', 'message id');
  if (core.open !== null)
    throw new TransactionError(`Cannot delete a turn of session '${core.id}' while a turn is open.`);
  return core.exclusive(async () => {
    const turn = core.turnOfMessage.get(messageId);
    if (!turn) throw new NotFoundError('message', messageId, `no turn of session '${core.id}' holds it`);
    const { checkDeletable, erasedMessage, recordWithoutTurn } = await deleteTurnOperations();
    checkDeletable(core.record, core.messages, turn, await core.engine.store.listSessions());
    const record = recordWithoutTurn(core.record, core.messages, turn, core.engine.now());
    await core.stale(() =>
      core.engine.store.eraseMessages({
        session: record,
        expected: core.record,
        messages: turn.messages.map(erasedMessage),
      }),
    );
    core.record = record;
    const gone = new Set(turn.messages.map((message) => message.id));
    core.replaceMessages(core.messages.filter((message) => !gone.has(message.id)));
  });
}

export async function addNote<R>(
  core: SessionCore<R>,
  role: 'system' | 'error',
  content: string,
): Promise<ChatMessage> {
  checkNote(role, content);
  const note: ChatMessage = core.redaction.message({
    id: core.engine.newId(),
    role,
    content,
    createdAt: core.engine.now(),
  });
  return core.exclusive(async () => {
    const record = { ...core.record, updatedAt: note.createdAt };
    await core.stale(() =>
      core.withStored(() =>
        core.engine.store.commitTurn({
          session: record,
          messages: [note],
          plans: [],
          usage: [],
          retrievalSets: [],
        }),
      ),
    );
    core.record = record;
    core.messages.push(note);
    core.engine.recall?.committed(record, [note]);
    return note;
  });
}

/** Resolves once the selector has recorded the verdict; a private session teaches nothing. */
export async function feedback<R>(
  core: SessionCore<R>,
  messageId: string,
  item: ItemRef,
  verdict: FeedbackVerdict,
): Promise<void> {
  const { feedbackTarget } = await feedbackOperations();
  const { key, query } = feedbackTarget(core.messages, core.engine.catalog, messageId, item, verdict);
  if (core.isPrivate) return;
  await core.engine.selector.recordUse?.({ kind: 'not-relevant', query, keys: [key] });
}
