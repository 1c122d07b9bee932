import type { ChatMessage, ToolCall, ToolResultMessage } from '../session/index.js';
import type { CtxkitFormat } from './format.js';

/** One tool call of a turn, with its result (null when the turn ended without one). */
export interface ToolStep {
  readonly call: ToolCall;
  readonly result: ToolResultMessage | null;
}

/**
 * The tool calls of the turn `messageId` belongs to (any of its messages: the question, a step, the reply), in the
 * order the model made them, each with its result. Empty for a turn without tool calls or a message not found.
 */
export function toolSteps(messages: readonly ChatMessage[], messageId: string): ToolStep[] {
  const at = messages.findIndex((message) => message.id === messageId);
  if (at < 0) return [];
  let start = at;
  while (start > 0 && messages[start]?.role !== 'user') start--;
  let end = at + 1;
  while (end < messages.length && messages[end]?.role !== 'user') end++;
  const turn = messages.slice(start, end);
  const results = new Map<string, ToolResultMessage>();
  for (const message of turn) if (message.role === 'tool') results.set(message.toolCallId, message);
  return turn.flatMap((message) =>
    message.role === 'assistant'
      ? (message.modelReply.toolCalls ?? []).map((call) => ({ call, result: results.get(call.id) ?? null }))
      : [],
  );
}

/** `server__tool` as people read it, in the locale's words ("filesystem: read_file"). */
export function toolLabel(name: string, format: CtxkitFormat): string {
  const [server = '', tool] = name.split('__');
  return tool ? format.text(format.labels.toolTrace.tool, { server, tool }) : name;
}
