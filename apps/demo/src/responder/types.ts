import type { ToolCall, Usage } from '@ctxkit/core';

/**
 * What a responder streams back for one request: text as it comes, the tool calls of the reply once they are whole,
 * then what the provider counted. `badArguments` names, by call id, the calls whose arguments could not be read (not
 * JSON, or not an object): they are recorded with empty arguments, and their result is that error, not a run.
 */
export type ResponderEvent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-calls';
      readonly calls: readonly ToolCall[];
      readonly badArguments?: Readonly<Record<string, string>>;
    }
  | { readonly type: 'usage'; readonly usage: Usage }
  | { readonly type: 'model'; readonly model: string };
