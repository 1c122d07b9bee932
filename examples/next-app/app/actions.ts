'use server';

import type { Usage } from '@ctxkit/core';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

/**
 * Sends a request the browser planned to an OpenAI-compatible endpoint, with the key on the server:
 * OPENAI_BASE_URL (Ollama: http://localhost:11434/v1), OPENAI_API_KEY and OPENAI_MODEL from the environment.
 *
 * Anyone who can load the page can call this action: put your own authentication in front of it before you
 * deploy it with a paid key.
 */
export async function complete(
  request: ChatCompletionCreateParamsNonStreaming,
): Promise<{ content: string; usage?: Usage }> {
  const client = new OpenAI({
    baseURL: process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: process.env.OPENAI_API_KEY ?? 'no-key',
  });
  const reply = await client.chat.completions.create({
    ...request,
    model: process.env.OPENAI_MODEL ?? request.model,
  });
  const content = reply.choices[0]?.message.content ?? '';
  if (!reply.usage) return { content };
  return {
    content,
    usage: {
      inputTokens: reply.usage.prompt_tokens,
      outputTokens: reply.usage.completion_tokens,
      cachedInputTokens: reply.usage.prompt_tokens_details?.cached_tokens ?? 0,
    },
  };
}
