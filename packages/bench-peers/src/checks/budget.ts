import { TOKEN_OVERHEAD, type TokenCounter } from '@ctxkit/core';
import type { SentContent, SentMessage, SentRequest, SentTool } from './request.js';

function contentTokens(content: SentContent, counter: TokenCounter): number {
  if (typeof content === 'string') return counter.count(content);
  let tokens = 0;
  for (const part of content) tokens += counter.count(part);
  return tokens;
}

/**
 * The tokens a message costs, with OpenAI's published per-message accounting (ctxkit's `TOKEN_OVERHEAD`): the
 * role and delimiters, the content, and each tool call's name, arguments and delimiters.
 */
export function messageTokens(message: SentMessage, counter: TokenCounter): number {
  let tokens = TOKEN_OVERHEAD.message + contentTokens(message.content, counter);
  if (message.role === 'assistant')
    for (const call of message.toolCalls ?? [])
      tokens += TOKEN_OVERHEAD.toolCall + counter.count(call.name) + counter.count(call.arguments);
  return tokens;
}

export function toolTokens(tool: SentTool, counter: TokenCounter): number {
  return (
    TOKEN_OVERHEAD.toolDefinition +
    counter.count(`${tool.name}\n${tool.description}\n${JSON.stringify(tool.parameters)}`)
  );
}

/** Every token of the request as sent, counted the same way whichever library built it, reply priming included. */
export function requestTokens(request: SentRequest, counter: TokenCounter): number {
  let tokens = TOKEN_OVERHEAD.reply;
  for (const message of request.messages) tokens += messageTokens(message, counter);
  if (request.tools.length > 0) tokens += TOKEN_OVERHEAD.toolsPresent;
  for (const tool of request.tools) tokens += toolTokens(tool, counter);
  return tokens;
}

export interface BudgetCheck {
  readonly tokens: number;
  readonly budget: number;
  readonly withinBudget: boolean;
}

export function checkBudget(request: SentRequest, budget: number, counter: TokenCounter): BudgetCheck {
  const tokens = requestTokens(request, counter);
  return { tokens, budget, withinBudget: tokens <= budget };
}
