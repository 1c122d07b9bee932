import { TOKEN_OVERHEAD, type TokenCounter } from '@ctxkit/core';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  isAIMessage,
  isToolMessage,
  SystemMessage,
  ToolMessage,
  trimMessages,
} from '@langchain/core/messages';
import type { SentMessage, SentRequest } from '../checks/index.js';
import { type PeerPrompt, type PeerRequest, splitItems } from '../prompt/index.js';
import type { Fitter } from './types.js';

function textOf(message: BaseMessage): string {
  return typeof message.content === 'string' ? message.content : message.text;
}

/**
 * A `tokenCounter` for `trimMessages` with the same counter and per-message accounting as the checks. It
 * remembers each message object's count: `trimMessages` asks for the count of every shorter list in turn, and
 * without that each message would be counted again for each list it is in.
 */
export function langchainTokenCounter(counter: TokenCounter): (messages: BaseMessage[]) => number {
  const known = new WeakMap<BaseMessage, number>();
  const cost = (message: BaseMessage): number => {
    let tokens = known.get(message);
    if (tokens !== undefined) return tokens;
    tokens = TOKEN_OVERHEAD.message + counter.count(textOf(message));
    if (isAIMessage(message))
      for (const call of message.tool_calls ?? [])
        tokens +=
          TOKEN_OVERHEAD.toolCall + counter.count(call.name) + counter.count(JSON.stringify(call.args));
    known.set(message, tokens);
    return tokens;
  };
  return (messages) => {
    let total = 0;
    for (const message of messages) total += cost(message);
    return total;
  };
}

function toLangChain(message: SentMessage): BaseMessage {
  const content = typeof message.content === 'string' ? message.content : message.content.join('\n\n');
  switch (message.role) {
    case 'system':
      return new SystemMessage(content);
    case 'user':
      return new HumanMessage(content);
    case 'assistant':
      return new AIMessage({
        content,
        tool_calls: (message.toolCalls ?? []).map((call) => ({
          id: call.id,
          name: call.name,
          args: JSON.parse(call.arguments) as Record<string, unknown>,
          type: 'tool_call' as const,
        })),
      });
    case 'tool':
      return new ToolMessage({ content, tool_call_id: message.toolCallId });
  }
}

function sentOf(messages: readonly BaseMessage[]): SentRequest {
  const sent = messages.map((message): SentMessage => {
    const content = textOf(message);
    if (isAIMessage(message)) {
      const calls = message.tool_calls ?? [];
      return {
        role: 'assistant',
        content,
        ...(calls.length > 0 && {
          toolCalls: calls.map((call) => ({
            id: call.id ?? '',
            name: call.name,
            arguments: JSON.stringify(call.args),
          })),
        }),
      };
    }
    if (isToolMessage(message)) return { role: 'tool', toolCallId: message.tool_call_id, content };
    return { role: message.getType() === 'human' ? 'user' : 'system', content };
  });
  return { messages: sent, tools: [] };
}

/**
 * `trimMessages(messages, { strategy: 'last', startOn: 'human', includeSystem: true, allowPartial: false })`
 * per request. LangChain keeps a suffix of the list (and the first system message), so the list is ordered by
 * the PeerPrompt tiers: the system message first (kept by `includeSystem`), then the items nobody retrieved
 * (oldest: dropped first), the history, the retrieved items (best last), and the user's message. The history's
 * and the catalog's message objects are built once, as a chat app keeps its messages; the list and the new
 * HumanMessage are built per request, inside the timing.
 */
export function langchain(prompt: PeerPrompt, budget: number, counter: TokenCounter): Fitter<BaseMessage[]> {
  const system = new SystemMessage(prompt.system);
  const history = prompt.history.map(toLangChain);
  const itemMessage = new Map<string, SystemMessage>();
  for (const [, text] of prompt.itemText) itemMessage.set(text, new SystemMessage(text));
  const message = (text: string) => itemMessage.get(text) ?? new SystemMessage(text);
  const tokenCounter = langchainTokenCounter(counter);
  return {
    name: 'LangChain trimMessages',
    budget,
    fit(request: PeerRequest) {
      const { retrieved, others } = splitItems(prompt, request);
      const messages: BaseMessage[] = [
        system,
        ...others.map(message),
        ...history,
        ...retrieved.reverse().map(message),
        new HumanMessage(request.query),
      ];
      return trimMessages(messages, {
        maxTokens: budget - TOKEN_OVERHEAD.reply,
        strategy: 'last',
        tokenCounter,
        startOn: 'human',
        includeSystem: true,
        allowPartial: false,
      });
    },
    sent: sentOf,
  };
}
