import type { ChatMessage } from '@ctxkit/core';

/** A reply that called tools: its calls show in the final reply's tool trace, not as a message of their own. */
export const isToolStep = (message: ChatMessage): boolean =>
  message.role === 'assistant' && (message.modelReply.toolCalls?.length ?? 0) > 0;
