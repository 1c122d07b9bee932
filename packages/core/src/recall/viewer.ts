import { recallText } from '../recall-entries/index.js';
import type { ChatMessage, SessionRecord } from '../session/index.js';

/**
 * The latest turns of the asking conversation, whose words a search weighs less: the request sends them anyway, and
 * a passage matching only them would repeat the current thread rather than bring back what history no longer holds.
 */
const CARRIED_TURNS = 4;
/**
 * Who asks: a session, the tree of branches it belongs to, and which messages of that tree it sees. Messages of the
 * same tree it does not see (the turns after its fork point, a sibling branch's) are the alternatives the user
 * moved away from, and are never recalled into it.
 */
export interface RecallViewer {
  /** The asking session: its own messages are always seen. */
  readonly sessionId: string;
  readonly rootSessionId: string;
  readonly sees: (messageId: string) => boolean;
}

/** A session as a viewer: the messages it sees (its own and those it inherits) are read once, and only if needed. */
export function recallViewer(record: SessionRecord, messages: () => readonly ChatMessage[]): RecallViewer {
  let seen: ReadonlySet<string> | null = null;
  return {
    sessionId: record.id,
    rootSessionId: rootOf(record),
    sees: (messageId) => {
      seen ??= new Set(messages().map((message) => message.id));
      return seen.has(messageId);
    },
  };
}

/** The text of a conversation's latest turns (its last CARRIED_TURNS user messages and replies), for `offeredTo`. */
export function carriedBy(messages: readonly ChatMessage[]): string {
  const said: string[] = [];
  for (let i = messages.length - 1; i >= 0 && said.length < 2 * CARRIED_TURNS; i--) {
    const text = recallText(messages[i] as ChatMessage);
    if (text !== null) said.push(text);
  }
  return said.join('\n');
}

/** The tree a session belongs to: its root session's id. */
export const rootOf = (record: SessionRecord) => record.branch?.rootSessionId ?? record.id;
