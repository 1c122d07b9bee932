import type { SentMessage } from './request.js';

export interface ToolPairCheck {
  /** Ids of tool calls sent without their result. */
  readonly callsWithoutResult: readonly string[];
  /** Ids named by tool results whose call was not sent before them. */
  readonly resultsWithoutCall: readonly string[];
  readonly intact: boolean;
}

/**
 * Whether every tool call in the request is answered by its result, and every result answers a call, as providers
 * require: the results directly after the assistant message that made the calls (OpenAI: "messages with role
 * 'tool' must be a response to a preceding message with 'tool_calls'"). One separated pair makes the request fail.
 */
export function checkToolPairs(messages: readonly SentMessage[]): ToolPairCheck {
  const pending = new Set<string>();
  const callsWithoutResult: string[] = [];
  const resultsWithoutCall: string[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      if (!pending.delete(message.toolCallId)) resultsWithoutCall.push(message.toolCallId);
      continue;
    }
    callsWithoutResult.push(...pending);
    pending.clear();
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) pending.add(call.id);
  }
  callsWithoutResult.push(...pending);
  return {
    callsWithoutResult,
    resultsWithoutCall,
    intact: callsWithoutResult.length === 0 && resultsWithoutCall.length === 0,
  };
}
