import type { ErrorIssue } from '../errors/index.js';
import { describe, isRecord, throwIfAny } from '../validation/index.js';
import type {
  AssistantMessage,
  BranchOrigin,
  ChatMessage,
  NoteMessage,
  SessionRecord,
  TurnStep,
  UserMessage,
} from './types.js';

/**
 * A session's stored conversation as a chat UI shows it: its committed turns and notes, oldest first. It holds only
 * what the store has: a turn that was stopped, failed or refused was never written, so it is not here.
 */
export interface Transcript {
  /** The session read; for a branch, the branch (it sees its parent's turns up to the fork point). */
  readonly sessionId: string;
  readonly title: string;
  /** Where the branch was forked from; null for a root session. */
  readonly branch: BranchOrigin | null;
  readonly entries: readonly TranscriptEntry[];
}

export type TranscriptEntry = TranscriptTurn | TranscriptNote;

/** One committed turn: the user's message, then the model's replies and tool results up to its final reply. */
export interface TranscriptTurn {
  readonly kind: 'turn';
  /** The id of the turn's user message: the id pins, `deleteTurn` and `fork` name the turn by. */
  readonly id: string;
  readonly user: UserMessage;
  /** The turn's replies and tool results in order; the last one is `reply`. */
  readonly steps: readonly TurnStep[];
  /** The final reply. */
  readonly reply: AssistantMessage;
  /** The plan of the request that produced the final reply; null for a reply written before context tracking. */
  readonly planId: string | null;
  /** The session that wrote the turn: this one, or for a turn a branch inherits, the session it was forked from. */
  readonly sessionId: string;
  /** True when a branch sees the turn through its fork point: it was written in a session it was forked from. */
  readonly inherited: boolean;
}

/** A note of the transcript (`session.addNote`): shown to people, never sent to the model. */
export interface TranscriptNote {
  readonly kind: 'note';
  readonly message: NoteMessage;
  readonly sessionId: string;
  readonly inherited: boolean;
}

/**
 * The transcript of a session from its record and the messages it sees (a branch's start with its parent's).
 * `writtenIn` names the session that wrote each inherited message; without it (or for a message it lacks), what a
 * branch sees through its fork point is its parent's. A committed turn always ends with a reply; messages that belong
 * to no complete turn are left out rather than shown as a turn they never were.
 */
export function transcriptOf(
  record: SessionRecord,
  messages: readonly ChatMessage[],
  writtenIn: ReadonlyMap<string, string> = new Map(),
): Transcript {
  checkTranscriptInput(record, messages);
  const through = record.branch?.throughMessageId ?? null;
  const inheritedUpTo = through === null ? -1 : messages.findIndex((message) => message.id === through);
  const origin = (message: ChatMessage, index: number): { sessionId: string; inherited: boolean } => {
    const sessionId =
      writtenIn.get(message.id) ??
      (index <= inheritedUpTo ? record.branch?.parentSessionId : undefined) ??
      record.id;
    return { sessionId, inherited: sessionId !== record.id };
  };
  const entries: TranscriptEntry[] = [];
  let user: UserMessage | null = null;
  let userIndex = -1;
  let steps: TurnStep[] = [];
  const close = () => {
    let last = steps.length - 1;
    while (last >= 0 && steps[last]?.role !== 'assistant') last -= 1;
    const reply = steps[last];
    if (user && reply?.role === 'assistant') {
      entries.push({
        kind: 'turn',
        id: user.id,
        user,
        steps: steps.slice(0, last + 1),
        reply,
        planId: reply.requestContext?.planId ?? null,
        ...origin(user, userIndex),
      });
    }
    user = null;
    steps = [];
  };
  for (const [index, message] of messages.entries()) {
    if (message.role === 'user') {
      close();
      user = message;
      userIndex = index;
    } else if (message.role === 'assistant' || message.role === 'tool') {
      if (user) steps.push(message);
    } else {
      // A note is written between turns, never inside one: the turn before it is complete.
      close();
      entries.push({ kind: 'note', message, ...origin(message, index) });
    }
  }
  close();
  return { sessionId: record.id, title: record.title, branch: record.branch ?? null, entries };
}

const ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant', 'tool', 'system', 'error']);

function checkTranscriptInput(record: unknown, messages: unknown): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(record) || typeof record.id !== 'string')
    issues.push({ path: 'record', message: `must be a session record, got ${describe(record)}` });
  if (!Array.isArray(messages))
    issues.push({ path: 'messages', message: `must be a list of messages, got ${describe(messages)}` });
  else
    for (const [index, message] of messages.entries())
      if (!isRecord(message) || typeof message.id !== 'string' || !ROLES.has(message.role))
        issues.push({
          path: `messages[${index}]`,
          message: `must be a stored message, got ${describe(message)}`,
        });
  throwIfAny('Invalid transcript input', issues);
}
