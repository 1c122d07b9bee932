import { NotFoundError, ValidationError } from '../errors/index.js';
import type { ChatMessage, SessionRecord } from '../session/index.js';

export interface ForkOptions {
  /** The branch's title; default: the parent's. */
  readonly title?: string;
  /**
   * Where the branch starts, relative to the turn that holds the message. By default the branch keeps that whole
   * turn (to go on from its answer); with `before: true` it keeps everything before it (to ask it differently).
   */
  readonly before?: boolean;
}

export interface Fork {
  readonly record: SessionRecord;
  /** The parent's messages the branch sees, oldest first. */
  readonly inherited: readonly ChatMessage[];
}

/**
 * What a branch starts with of its parent's reflection: the activation as it stands, and the pin baseline and
 * reference counts of the pins it keeps. The parent's pending decisions stay the parent's: the branch's first commit
 * records only what the user decides in the branch.
 */
function branchReflection(
  state: NonNullable<SessionRecord['reflection']>,
  pins: SessionRecord['pins'],
): NonNullable<SessionRecord['reflection']> {
  const kept = new Set(pins.map((pin) => pin.id));
  const only = <T>(byPin: Readonly<Record<string, T>>) =>
    Object.fromEntries(Object.entries(byPin).filter(([pinId]) => kept.has(pinId)));
  return {
    activation: state.activation,
    pinReferences: only(state.pinReferences),
    ...(state.pins && { pins: only(state.pins) }),
    pending: [],
  };
}

const isNote = (message: ChatMessage) => message.role === 'system' || message.role === 'error';

/**
 * How many of `messages` a fork at `messageId` keeps. A turn is never split: forking at any message of a turn (its
 * user message, a reply that calls tools, a tool result) keeps the whole turn, or none of it with `before`.
 * A note belongs to no turn, so a fork at a note keeps everything up to the note (or up to just before it).
 */
export function forkLength(messages: readonly ChatMessage[], messageId: string, before: boolean): number {
  const at = messages.findIndex((message) => message.id === messageId);
  if (at < 0) return -1;
  if (isNote(messages[at] as ChatMessage)) return before ? at : at + 1;
  let start = at;
  while (start > 0 && (messages[start] as ChatMessage).role !== 'user') start -= 1;
  if (before) return start;
  let end = at + 1;
  while (end < messages.length && !isNote(messages[end] as ChatMessage)) {
    if ((messages[end] as ChatMessage).role === 'user') break;
    end += 1;
  }
  return end;
}

/**
 * The record and inherited messages of a new branch of `parent` (whose `messages` are all it sees, inherited ones
 * included). The branch starts with the parent's state as it is now: context items, mode, task, workspace, and
 * pins and leases as they stand (copies, which then diverge). Pins on messages the branch does not see are dropped.
 */
export function forkSession(
  parent: SessionRecord,
  messages: readonly ChatMessage[],
  messageId: string,
  options: ForkOptions,
  id: string,
  now: string,
): Fork {
  if (typeof messageId !== 'string' || messageId === '') {
    throw new ValidationError('Invalid fork', [{ path: 'messageId', message: 'must be a non-empty string' }]);
  }
  if (options.title !== undefined && typeof options.title !== 'string') {
    throw new ValidationError('Invalid fork', [{ path: 'options.title', message: 'must be a string' }]);
  }
  const length = forkLength(messages, messageId, options.before === true);
  if (length < 0) {
    throw new NotFoundError(
      'message',
      messageId,
      `session '${parent.id}' has no such committed message to fork at`,
    );
  }
  const inherited = messages.slice(0, length);
  const seen = new Set(inherited.map((message) => message.id));
  const pins = parent.pins.filter((pin) => pin.target.kind !== 'message' || seen.has(pin.target.messageId));
  const record: SessionRecord = {
    ...parent,
    id,
    title: options.title ?? parent.title,
    createdAt: now,
    updatedAt: now,
    pins,
    ...(parent.reflection && { reflection: branchReflection(parent.reflection, pins) }),
    // Suggestions go with the branch like pins: only those of messages it sees.
    ...(parent.suggestions && {
      suggestions: parent.suggestions.filter(
        (suggestion) => suggestion.target.kind !== 'message' || seen.has(suggestion.target.messageId),
      ),
    }),
    // A checkpoint covers a prefix of the conversation: the branch keeps those whose last message it sees.
    ...(parent.checkpoints && {
      checkpoints: parent.checkpoints.filter((checkpoint) => seen.has(checkpoint.lastMessageId)),
    }),
    // What the conversation earned and what served its clusters: only the turns the branch sees count.
    ...(parent.earned && { earned: branchEarned(parent.earned, seen) }),
    ...(parent.servedClusters && { servedClusters: branchServed(parent.servedClusters, seen) }),
    turnCount: inherited.filter((message) => message.role === 'user').length,
    branch: {
      parentSessionId: parent.id,
      rootSessionId: parent.branch?.rootSessionId ?? parent.id,
      forkMessageId: messageId,
      throughMessageId: inherited.at(-1)?.id ?? null,
    },
  };
  return { record, inherited };
}

/** The uses of turns the branch sees; the dismissals stand, as the pins they removed stay removed. */
function branchEarned(
  earned: NonNullable<SessionRecord['earned']>,
  seen: ReadonlySet<string>,
): NonNullable<SessionRecord['earned']> {
  const uses = Object.fromEntries(
    Object.entries(earned.uses)
      .map(([key, list]) => [key, list.filter((use) => seen.has(use.turnId))] as const)
      .filter(([, list]) => list.length > 0),
  );
  return { uses, dismissed: earned.dismissed };
}

/** Clusters served by turns the branch sees, with those turns; their items stay (which turn used which is not kept). */
function branchServed(
  served: NonNullable<SessionRecord['servedClusters']>,
  seen: ReadonlySet<string>,
): NonNullable<SessionRecord['servedClusters']> {
  return served.flatMap((entry) => {
    const turnIds = entry.turnIds.filter((turnId) => seen.has(turnId));
    return turnIds.length > 0 ? [{ ...entry, turnIds }] : [];
  });
}
