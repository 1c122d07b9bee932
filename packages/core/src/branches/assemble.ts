import { CorruptRecordError } from '../errors/index.js';
import type { ChatMessage } from '../session/index.js';
import type { LoadedSession, Store } from '../store/index.js';

/** What a branch sees, and which session wrote each message it inherits (its own are absent from `writtenIn`). */
export interface BranchView {
  readonly messages: readonly ChatMessage[];
  readonly writtenIn: ReadonlyMap<string, string>;
}

export async function branchMessages(
  store: Pick<Store, 'loadSession'>,
  loaded: LoadedSession,
): Promise<readonly ChatMessage[]> {
  return (await branchView(store, loaded)).messages;
}

/**
 * Everything a loaded session sees, oldest first. A root session sees its own messages; a branch sees its parent's
 * (recursively) up to its fork point, then its own. A missing parent or fork point is reported, never papered over
 * with a shorter history.
 */
export async function branchView(
  store: Pick<Store, 'loadSession'>,
  loaded: LoadedSession,
): Promise<BranchView> {
  const chain: LoadedSession[] = [loaded];
  const visited = new Set([loaded.record.id]);
  for (let current = loaded; current.record.branch; ) {
    const { parentSessionId } = current.record.branch;
    if (visited.has(parentSessionId)) {
      throw new CorruptRecordError(
        `session ${loaded.record.id}`,
        `its branch ancestry loops back to '${parentSessionId}'`,
      );
    }
    const parent = await store.loadSession(parentSessionId);
    if (!parent) {
      throw new CorruptRecordError(
        `session ${current.record.id}`,
        `it is a branch of session '${parentSessionId}', which is missing (deleted without its branches)`,
      );
    }
    visited.add(parentSessionId);
    chain.push(parent);
    current = parent;
  }
  // From the root down: each branch keeps its parent's messages through its fork point, then adds its own.
  const root = chain.pop() as LoadedSession;
  let messages: readonly ChatMessage[] = root.messages;
  const writtenIn = new Map(messages.map((message) => [message.id, root.record.id]));
  for (let next = chain.pop(); next; next = chain.pop()) {
    const { throughMessageId, parentSessionId } = next.record.branch as NonNullable<
      LoadedSession['record']['branch']
    >;
    let kept = 0;
    if (throughMessageId !== null) {
      kept = messages.findIndex((message) => message.id === throughMessageId) + 1;
      if (kept === 0) {
        throw new CorruptRecordError(
          `session ${next.record.id}`,
          `its fork point '${throughMessageId}' is not a message of session '${parentSessionId}'`,
        );
      }
    }
    messages = [...messages.slice(0, kept), ...next.messages];
    for (const message of next.messages) writtenIn.set(message.id, next.record.id);
  }
  for (const message of loaded.messages) writtenIn.delete(message.id);
  return { messages, writtenIn };
}
