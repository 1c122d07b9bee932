import type { ModelReply, ToolCall } from '../session/index.js';

/** The default number of tool rounds one turn may take. */
export const DEFAULT_MAX_ROUNDS = 8;

/**
 * A reply still calling tools after the last round, kept as text: the core stores no call without its result, so
 * the calls become a note saying what the model asked for again.
 */
export function notedReply(reply: ModelReply, calls: readonly ToolCall[], rounds: number): ModelReply {
  const unanswered = [...new Set(calls.map((call) => call.name))];
  const note = `[Stopped after ${rounds} rounds of tool calls; the model asked for ${unanswered.join(', ')} again.]`;
  return {
    content: `${reply.content}${reply.content ? '\n\n' : ''}${note}`,
    ...(reply.model !== undefined && { model: reply.model }),
  };
}

/** The error a turn rolled back at the round limit carries. */
export function roundLimitError(rounds: number): Error {
  return new Error(
    `The model was still calling tools after ${rounds} rounds of tool calls; the turn was rolled back.`,
  );
}
