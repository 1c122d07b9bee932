import type { Attachment, Engine, JsonObject, Transcript, TranscriptTurn } from '@ctxkit/core';
import { checkKnownFields, checkSessionId, describe, isRecord, throwIfAny } from '@ctxkit/core/validation';
import type { CtxkitMessageMetadata } from './metadata.js';

// The way back from the store to `useChat`: a stored transcript as UI messages. Plain objects of the shape every AI
// SDK major since 5 reads (`id`, `role`, `parts`, `metadata`; text, file, step-start and dynamic-tool parts), built without
// importing `ai`, so the same code serves each major.

/** A part of a message `toUIMessages` makes: text, the start of a model step, or a tool call with its result. */
export type CtxkitStoredPart =
  | { type: 'step-start' }
  | { type: 'text'; text: string; state: 'done' }
  /** An image or file the user sent (a stored attachment), as `useChat` shows one: its data as a `data:` URL, or its URL. */
  | { type: 'file'; mediaType: string; url: string; filename?: string }
  | {
      type: 'dynamic-tool';
      /** As the model called it: `<server>__<tool>` for catalog tools. */
      toolName: string;
      toolCallId: string;
      state: 'output-available';
      input: JsonObject;
      /** The result as the model read it. */
      output: string;
    }
  | {
      type: 'dynamic-tool';
      toolName: string;
      toolCallId: string;
      /** The result was an error (a denied call is stored as one: that is what the model read). */
      state: 'output-error';
      input: JsonObject;
      errorText: string;
    };

/** A stored message as a UI message, assignable to `UIMessage<CtxkitMessageMetadata>` for `useChat({ messages })`. */
export interface CtxkitStoredMessage {
  /** The stored user message's id; for a reply, `ctxkit-<user message id>`, as the transport names it live. */
  id: string;
  role: 'user' | 'assistant';
  /** On replies (not on one written before context tracking, which has no plan). */
  metadata?: CtxkitMessageMetadata;
  parts: CtxkitStoredPart[];
}

/** The UI id of a turn's reply: the one the transport streams it under, so a reply keeps its id across a reload. */
export function replyIdOf(userMessageId: string): string {
  return `ctxkit-${userMessageId}`;
}

function assistantOf(turn: TranscriptTurn): CtxkitStoredMessage {
  const results = new Map(
    turn.steps.flatMap((step) => (step.role === 'tool' ? [[step.toolCallId, step] as const] : [])),
  );
  const parts: CtxkitStoredPart[] = [];
  for (const step of turn.steps) {
    if (step.role !== 'assistant') continue;
    parts.push({ type: 'step-start' });
    if (step.modelReply.content !== '')
      parts.push({ type: 'text', text: step.modelReply.content, state: 'done' });
    for (const call of step.modelReply.toolCalls ?? []) {
      const result = results.get(call.id);
      const base = {
        type: 'dynamic-tool',
        toolName: call.name,
        toolCallId: call.id,
        input: call.arguments,
      } as const;
      // A committed turn holds a result for every call; one missing would be a damaged record: shown as an error.
      parts.push(
        result && !result.isError && result.approval !== 'denied'
          ? { ...base, state: 'output-available', output: result.content }
          : { ...base, state: 'output-error', errorText: result?.content ?? 'No result was stored.' },
      );
    }
  }
  return {
    id: replyIdOf(turn.id),
    role: 'assistant',
    ...(turn.planId !== null && {
      metadata: {
        ctxkit: {
          sessionId: turn.sessionId,
          userMessageId: turn.id,
          planId: turn.planId,
          messageId: turn.reply.id,
        },
      },
    }),
    parts,
  };
}

/** A stored attachment as the `file` part `useChat` sent it as. */
function filePartOf(attachment: Attachment): CtxkitStoredPart {
  const url =
    attachment.kind === 'text'
      ? `data:${attachment.mediaType};charset=utf-8,${encodeURIComponent(attachment.text)}`
      : attachment.source.type === 'url'
        ? attachment.source.url
        : `data:${attachment.mediaType};base64,${attachment.source.data}`;
  return {
    type: 'file',
    mediaType: attachment.mediaType,
    url,
    ...(attachment.name !== undefined && { filename: attachment.name }),
  };
}

/**
 * A stored transcript (`session.transcript()`) as `useChat` messages: each committed turn as the user's message
 * (under its stored id) and one reply holding the turn's steps (text, and each tool call with its result), with
 * ctxkit's ids in `metadata.ctxkit` (`messageId` set: it is stored). Notes are left out: they are ctxkit's
 * transcript notes, never sent, and `useChat` has no place for them.
 */
export function toUIMessages(transcript: Transcript): CtxkitStoredMessage[] {
  const issues: Parameters<typeof throwIfAny>[1][number][] = [];
  if (!isRecord(transcript) || !Array.isArray(transcript.entries))
    issues.push({
      path: 'transcript',
      message: `must be a transcript (session.transcript()), got ${describe(transcript)}`,
    });
  else
    for (const [index, entry] of (transcript.entries as readonly unknown[]).entries())
      if (
        !isRecord(entry) ||
        (entry.kind !== 'note' &&
          (entry.kind !== 'turn' ||
            typeof entry.id !== 'string' ||
            !isRecord(entry.user) ||
            typeof entry.user.content !== 'string' ||
            !Array.isArray(entry.steps) ||
            !isRecord(entry.reply)))
      )
        issues.push({
          path: `transcript.entries[${index}]`,
          message: `must be a turn or a note, got ${describe(entry)}`,
        });
  throwIfAny('Invalid transcript', issues);
  const messages: CtxkitStoredMessage[] = [];
  for (const entry of transcript.entries) {
    if (entry.kind !== 'turn') continue;
    messages.push({
      id: entry.id,
      role: 'user',
      parts: [
        ...(entry.user.content === '' && entry.user.attachments?.length
          ? []
          : [{ type: 'text', text: entry.user.content, state: 'done' } as const]),
        ...(entry.user.attachments ?? []).map(filePartOf),
      ],
    });
    messages.push(assistantOf(entry));
  }
  return messages;
}

export interface LoadChatOptions {
  /**
   * `'latest'` (default): the branch of the chat written to last (`engine.latestBranch`), so a chat reopens where
   * it was continued after a regenerated reply; `'this'`: the session `chatId` names, as it is.
   */
  readonly branch?: 'latest' | 'this';
}

export interface LoadedChat {
  /** The session the chat continues in: give it to the transport as `sessionId`. */
  readonly sessionId: string;
  /** The stored conversation, for `useChat({ messages })`. */
  readonly messages: CtxkitStoredMessage[];
}

/**
 * A chat by the app's own id, ready for `useChat`: the session to continue in and its stored messages. A chat id
 * the store does not hold gives a new session under it (`engine.openOrCreateSession`), stored at its first turn,
 * and no messages. A ValidationError names `chatId` or `options.branch` when they are wrong.
 */
export async function loadChat(
  engine: Engine,
  chatId: string,
  options: LoadChatOptions = {},
): Promise<LoadedChat> {
  const issues: Parameters<typeof checkSessionId>[2] = [];
  checkSessionId(chatId, 'chatId', issues);
  if (!isRecord(options))
    issues.push({ path: 'options', message: `must be an object, got ${describe(options)}` });
  else {
    checkKnownFields(options, ['branch'], 'options', issues);
    if (options.branch !== undefined && options.branch !== 'latest' && options.branch !== 'this')
      issues.push({
        path: 'options.branch',
        message: `must be 'latest' or 'this', got ${describe(options.branch)}`,
      });
  }
  throwIfAny('Invalid chat to load', issues);
  const sessionId = options.branch === 'this' ? chatId : await engine.latestBranch(chatId);
  const session = await engine.openOrCreateSession(sessionId);
  return { sessionId: session.id, messages: toUIMessages(session.transcript()) };
}

/** What `unstoredMessageIds` and `dropUnstored` read of a UI message: any major's `UIMessage` is one. */
export interface UIMessageLike {
  readonly id: string;
  readonly role: string;
  readonly metadata?: unknown;
}

function storedReply(message: UIMessageLike): boolean {
  const metadata = message.metadata;
  if (!isRecord(metadata) || !isRecord(metadata.ctxkit)) return true; // not ctxkit's: not for it to drop
  return typeof metadata.ctxkit.messageId === 'string';
}

/**
 * The ids of the UI messages the store does not hold: a reply ctxkit did not commit (stopped, failed: its
 * `metadata.ctxkit` has no `messageId`), and a user message without a stored reply after it (its turn was rolled
 * back, or refused before it opened, a message too long, say). Call it once the chat is idle (not while a reply
 * streams, whose user message has no stored reply yet): to mark them, or to drop them with `dropUnstored`.
 */
export function unstoredMessageIds(messages: readonly UIMessageLike[]): Set<string> {
  const unstored = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === 'assistant' && !storedReply(message)) unstored.add(message.id);
    if (message.role !== 'user') continue;
    const next = messages[index + 1];
    if (next?.role !== 'assistant' || !storedReply(next)) unstored.add(message.id);
  }
  return unstored;
}

/**
 * The UI messages without those the store does not hold (see `unstoredMessageIds`): what a reload would show.
 * `useChat`'s `setMessages(dropUnstored)` after a stop or an error keeps the screen and the store the same.
 */
export function dropUnstored<M extends UIMessageLike>(messages: readonly M[]): M[] {
  const unstored = unstoredMessageIds(messages);
  return messages.filter((message) => !unstored.has(message.id));
}
