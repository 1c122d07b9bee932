import { TOKEN_OVERHEAD, type TokenCounter } from '@ctxkit/core';
import {
  AssistantMessage,
  type BasePromptElementProps,
  type ITokenizer,
  OpenAI,
  OutputMode,
  PromptElement,
  type PromptElementCtor,
  type PromptPiece,
  PromptRenderer,
  type Raw,
  type RenderPromptResult,
  SystemMessage,
  ToolMessage,
  UserMessage,
  useKeepWith,
} from '@vscode/prompt-tsx';
import type { SentMessage, SentRequest } from '../checks/index.js';
import { type PeerPrompt, type PeerRequest, splitItems } from '../prompt/index.js';
import type { Fitter } from './types.js';

/** prompt-tsx priorities (higher is kept longer), one tier per PeerPrompt tier. */
export const PROMPT_TSX_PRIORITY = {
  query: 4_000_000,
  system: 3_000_000,
  /** Minus the item's rank. */
  retrieved: 2_000_000,
  /** Plus the message's position: newer messages rank higher. */
  history: 1_000,
  others: 0,
} as const;

// prompt-tsx's JSX factory, set on globalThis when the library loads; called directly, so no JSX build step.
declare const vscpp: (ctor: unknown, props: object | null, ...children: unknown[]) => PromptPiece;
declare const vscppf: unknown;

function contentTokens(
  content: string | readonly { readonly type: string; readonly text?: string }[],
  counter: TokenCounter,
): number {
  if (typeof content === 'string') return counter.count(content);
  let tokens = 0;
  for (const part of content) if (part.type === 'text' && part.text) tokens += counter.count(part.text);
  return tokens;
}

/** The same counter and per-message accounting as the checks (and ctxkit), in prompt-tsx's tokenizer interface. */
export function promptTsxTokenizer(counter: TokenCounter): ITokenizer<OutputMode.OpenAI> {
  return {
    mode: OutputMode.OpenAI,
    tokenLength: (part: Raw.ChatCompletionContentPart) =>
      part.type === 1 /* Raw.ChatCompletionContentPartKind.Text */ ? counter.count(part.text) : 0,
    countMessageTokens(message: OpenAI.ChatMessage) {
      let tokens = TOKEN_OVERHEAD.message + contentTokens(message.content, counter);
      if (message.role === OpenAI.ChatRole.Assistant)
        for (const call of message.tool_calls ?? [])
          tokens +=
            TOKEN_OVERHEAD.toolCall +
            counter.count(call.function.name) +
            counter.count(call.function.arguments);
      return tokens;
    },
  };
}

interface PeerPromptProps extends BasePromptElementProps {
  readonly prompt: PeerPrompt;
  readonly request: PeerRequest;
  readonly keepToolPairs: boolean;
}

function historyPieces(history: readonly SentMessage[], keepToolPairs: boolean): PromptPiece[] {
  const pieces: PromptPiece[] = [];
  // Tool results are wrapped in a KeepWith that the call also names, as prompt-tsx documents for tool calls:
  // pruning either side prunes the other.
  const keepWithOf = new Map<string, ReturnType<typeof useKeepWith>>();
  history.forEach((message, index) => {
    const priority = PROMPT_TSX_PRIORITY.history + index;
    const content = typeof message.content === 'string' ? message.content : message.content.join('\n\n');
    switch (message.role) {
      case 'user':
        pieces.push(vscpp(UserMessage, { priority }, content));
        break;
      case 'system':
        pieces.push(vscpp(SystemMessage, { priority }, content));
        break;
      case 'assistant': {
        if (!message.toolCalls || !keepToolPairs) {
          const toolCalls = message.toolCalls?.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
          }));
          pieces.push(vscpp(AssistantMessage, { priority, ...(toolCalls && { toolCalls }) }, content));
          break;
        }
        const KeepWith = useKeepWith();
        const toolCalls = message.toolCalls.map((call) => {
          keepWithOf.set(call.id, KeepWith);
          return {
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: call.arguments },
            keepWith: KeepWith,
          };
        });
        pieces.push(vscpp(KeepWith, { priority }, vscpp(AssistantMessage, { toolCalls }, content)));
        break;
      }
      case 'tool': {
        const KeepWith = keepWithOf.get(message.toolCallId);
        pieces.push(
          KeepWith
            ? vscpp(KeepWith, { priority }, vscpp(ToolMessage, { toolCallId: message.toolCallId }, content))
            : vscpp(ToolMessage, { priority, toolCallId: message.toolCallId }, content),
        );
        break;
      }
    }
  });
  return pieces;
}

class PeerPromptElement extends PromptElement<PeerPromptProps> {
  override render(): PromptPiece {
    const { prompt, request, keepToolPairs } = this.props;
    const { retrieved, others } = splitItems(prompt, request);
    const P = PROMPT_TSX_PRIORITY;
    return vscpp(
      vscppf,
      null,
      vscpp(SystemMessage, { priority: P.system }, prompt.system),
      ...others.map((text) => vscpp(SystemMessage, { priority: P.others }, text)),
      ...historyPieces(prompt.history, keepToolPairs),
      ...retrieved.map((text, rank) => vscpp(SystemMessage, { priority: P.retrieved - rank }, text)),
      vscpp(UserMessage, { priority: P.query }, request.query),
    );
  }
}

function sentOf(result: RenderPromptResult<OutputMode.OpenAI>): SentRequest {
  const messages: SentMessage[] = result.messages.map((message) => {
    const content =
      typeof message.content === 'string'
        ? message.content
        : message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
    switch (message.role) {
      case OpenAI.ChatRole.Assistant:
        return {
          role: 'assistant',
          content,
          ...(message.tool_calls && {
            toolCalls: message.tool_calls.map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: call.function.arguments,
            })),
          }),
        };
      case OpenAI.ChatRole.Tool:
        return { role: 'tool', toolCallId: message.tool_call_id ?? '', content };
      case OpenAI.ChatRole.User:
        return { role: 'user', content };
      default:
        return { role: 'system', content };
    }
  });
  return { messages, tools: [] };
}

/**
 * `new PromptRenderer(endpoint, Prompt, props, tokenizer).render()` per request, as prompt-tsx's README shows;
 * with `keepToolPairs: false`, tool calls and results are plain messages with their own priorities (no KeepWith),
 * as its history example writes them, to show what KeepWith prevents.
 * the element tree is built inside (that is what its users write). The budget passed as `modelMaxPromptTokens`
 * leaves out the reply priming, which prompt-tsx does not count and the checks do.
 */
export function promptTsx(
  prompt: PeerPrompt,
  budget: number,
  counter: TokenCounter,
  { keepToolPairs = true }: { readonly keepToolPairs?: boolean } = {},
): Fitter<RenderPromptResult<OutputMode.OpenAI>> {
  const tokenizer = promptTsxTokenizer(counter);
  const endpoint = { modelMaxPromptTokens: budget - TOKEN_OVERHEAD.reply };
  const Prompt = PeerPromptElement as PromptElementCtor<PeerPromptProps, void>;
  return {
    name: keepToolPairs ? '@vscode/prompt-tsx' : '@vscode/prompt-tsx, no KeepWith',
    budget,
    fit: (request) =>
      new PromptRenderer(endpoint, Prompt, { prompt, request, keepToolPairs }, tokenizer).render(),
    sent: sentOf,
  };
}
