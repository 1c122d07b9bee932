import type { PreparedTurn, ToolResultInput } from '../engine/index.js';
import type { ToolCall } from '../session/index.js';
import type { ModelAnswer, ModelCallContext } from './types.js';

/** A tool call the model makes in the scripts below. */
export function readCall(id: string): ToolCall {
  return { id, name: 'filesystem__read_file', arguments: { path: `${id}.txt` } };
}

export const USAGE = { inputTokens: 100, outputTokens: 10 } as const;

/**
 * A model that answers from a script, one entry per call (the last one again when the script runs out): a string
 * is a text reply, an array of call ids a reply calling the file tool, a function anything else. It records the
 * request and round of each call.
 */
export function scriptedModel(
  script: readonly (string | readonly string[] | ((context: ModelCallContext) => Promise<ModelAnswer>))[],
) {
  const seen: { readonly turn: PreparedTurn; readonly round: number }[] = [];
  const callModel = async (turn: PreparedTurn, context: ModelCallContext): Promise<ModelAnswer> => {
    seen.push({ turn, round: context.round });
    const next = script[Math.min(seen.length - 1, script.length - 1)];
    if (typeof next === 'function') return next(context);
    if (typeof next === 'string') return { reply: { content: next, model: 'scripted' }, usage: USAGE };
    return {
      reply: { content: '', toolCalls: (next ?? []).map(readCall), model: 'scripted' },
      usage: USAGE,
    };
  };
  return { callModel, seen };
}

/** Tools that answer every call with the file's name, recording the calls. */
export function fileTools() {
  const ran: (readonly ToolCall[])[] = [];
  const runTools = async (calls: readonly ToolCall[]): Promise<ToolResultInput[]> => {
    ran.push(calls);
    return calls.map((call) => ({
      toolCallId: call.id,
      content: `contents of ${String(call.arguments.path)}`,
    }));
  };
  return { runTools, ran };
}
