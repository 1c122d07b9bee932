import type { OpenAIChatRequest, ToolCall, Usage } from '@ctxkit/core';
import type { LanguageModelMiddleware, LanguageModelUsage } from 'ai';

// The AI SDK's language-model types, read from the middleware type `ai` exports (so this package needs no other
// AI SDK package): the call options, the prompt, its tools, and what a model returns.
type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>;
export type CallOptions = Parameters<TransformParams>[0]['params'];
export type ModelPrompt = CallOptions['prompt'];
export type PromptMessage = ModelPrompt[number];
export type CallTool = NonNullable<CallOptions['tools']>[number];
export type FunctionTool = Extract<CallTool, { type: 'function' }>;
type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
export type StreamResult = Awaited<ReturnType<WrapStream>>;
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
export type ProviderUsage = GenerateResult['usage'];

/** Parses a tool call's JSON arguments into the object ctxkit records; anything else is kept under `input`. */
export function argumentsObject(input: unknown): ToolCall['arguments'] {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = input.trim() === '' ? {} : JSON.parse(input);
    } catch {
      return { input };
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ToolCall['arguments'])
    : { input: value as ToolCall['arguments'][string] };
}

/** ctxkit's planned request (an OpenAI Chat Completions body) as the AI SDK's prompt. */
export function promptOfRequest(request: OpenAIChatRequest): ModelPrompt {
  const names = new Map<string, string>();
  const prompt: ModelPrompt = [];
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? [{ type: 'text', text: message.content }]
              : message.content.map((part) => ({ type: 'text' as const, text: part.text })),
        });
        break;
      case 'assistant': {
        const content: Extract<PromptMessage, { role: 'assistant' }>['content'] = [];
        if (message.content) content.push({ type: 'text', text: message.content });
        for (const call of message.tool_calls ?? []) {
          names.set(call.id, call.function.name);
          content.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: argumentsObject(call.function.arguments),
          });
        }
        prompt.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const part = {
          type: 'tool-result' as const,
          toolCallId: message.tool_call_id,
          toolName: names.get(message.tool_call_id) ?? 'unknown',
          output: { type: 'text' as const, value: message.content },
        };
        // Results of one call's batch travel in one tool message, as the AI SDK writes them.
        const last = prompt[prompt.length - 1];
        if (last?.role === 'tool') last.content.push(part);
        else prompt.push({ role: 'tool', content: [part] });
        break;
      }
    }
  }
  return prompt;
}

/** The tools of ctxkit's planned request, as the AI SDK's function tools. */
export function toolsOfRequest(request: OpenAIChatRequest): FunctionTool[] {
  return (request.tools ?? []).map((tool) => ({
    type: 'function',
    name: tool.function.name,
    description: tool.function.description,
    inputSchema: tool.function.parameters as FunctionTool['inputSchema'],
  }));
}

function count(value: number | undefined): number | undefined {
  return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** What a provider reported, as ctxkit's usage; undefined when it did not say how many prompt tokens it counted. */
export function usageOf(usage: LanguageModelUsage | undefined): Usage | undefined {
  const inputTokens = count(usage?.inputTokens);
  if (usage === undefined || inputTokens === undefined) return undefined;
  const outputTokens = count(usage.outputTokens);
  const cached = count(usage.inputTokenDetails?.cacheReadTokens);
  const written = count(usage.inputTokenDetails?.cacheWriteTokens);
  return {
    inputTokens,
    ...(outputTokens !== undefined && { outputTokens }),
    ...(cached !== undefined && { cachedInputTokens: cached }),
    ...(written !== undefined && { cacheWriteTokens: written }),
  };
}

/** The same for a language model's own usage report (middleware). */
export function usageOfProvider(usage: ProviderUsage | undefined): Usage | undefined {
  if (usage === undefined) return undefined;
  return usageOf({
    inputTokens: usage.inputTokens.total,
    outputTokens: usage.outputTokens.total,
    inputTokenDetails: {
      noCacheTokens: usage.inputTokens.noCache,
      cacheReadTokens: usage.inputTokens.cacheRead,
      cacheWriteTokens: usage.inputTokens.cacheWrite,
    },
    outputTokenDetails: {
      textTokens: usage.outputTokens.text,
      reasoningTokens: usage.outputTokens.reasoning,
    },
  } as LanguageModelUsage);
}
