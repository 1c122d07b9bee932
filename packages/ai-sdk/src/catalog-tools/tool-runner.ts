import { asSchema, type ToolSet } from 'ai';
import type { CtxkitToolRunner } from '../transport.js';
import { DEFAULT_SERVER } from './catalog-tools.js';

type Execute = (input: unknown, options: Record<string, unknown>) => unknown;

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * A `runTool` for the transport that runs the app's own `execute` of the tool the model called, after the tool's
 * schema has checked the arguments (as the AI SDK's own loop does, so a zod transform or default applies). A tool that
 * streams its output (an async generator) gives its last value, which is what the AI SDK records as its result. A call
 * to a tool not in the set, or without `execute`, is an error result the model reads.
 */
export function toolRunnerOf(tools: ToolSet, options?: { readonly server?: string }): CtxkitToolRunner {
  const server = options?.server ?? DEFAULT_SERVER;
  return async (call, { abortSignal }) => {
    const name = call.serverName === server ? call.toolName : undefined;
    const tool = name !== undefined && Object.hasOwn(tools, name) ? tools[name] : undefined;
    const execute = tool?.execute as Execute | undefined;
    if (tool === undefined || execute === undefined) {
      throw new Error(`No tool of the app runs '${call.functionName}'.`);
    }
    let input: unknown = call.input;
    const schema = asSchema(tool.inputSchema as Parameters<typeof asSchema>[0]);
    if (schema.validate) {
      const checked = await schema.validate(input);
      if (!checked.success) throw checked.error;
      input = checked.value;
    }
    // `context` is AI SDK 7's name, `experimental_context` 6's; each major reads its own.
    const output = await execute(input, {
      toolCallId: call.toolCallId,
      messages: [],
      abortSignal,
      context: undefined,
      experimental_context: undefined,
    });
    if (!isAsyncIterable(output)) return output;
    let last: unknown;
    for await (const value of output) last = value;
    return last;
  };
}
