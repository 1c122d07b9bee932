/** A tool call as providers send it: the arguments as a JSON string. */
export interface SentToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

/** Text, or text parts sent as one message's content blocks (counted part by part). */
export type SentContent = string | readonly string[];

/** One message of a request, whichever library produced it. */
export type SentMessage =
  | { readonly role: 'system' | 'user'; readonly content: SentContent }
  | {
      readonly role: 'assistant';
      readonly content: SentContent;
      readonly toolCalls?: readonly SentToolCall[];
    }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: SentContent };

/** A tool definition sent in the request's `tools` (only ctxkit sends tools this way; peers get them as text). */
export interface SentTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: object;
}

/** What a library would send: the same shape for all of them, so one counter and one checker judge every output. */
export interface SentRequest {
  readonly messages: readonly SentMessage[];
  readonly tools: readonly SentTool[];
}
