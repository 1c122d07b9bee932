import type { CtxkitUIMessage } from '@ctxkit/ai-sdk';
import type { ChatMessage } from '@ctxkit/core';
import type { TranscriptEntry } from '../chat/index.js';

/**
 * A stored conversation as `useChat`'s first messages, so a reload shows it again: the user's messages and the final
 * reply of each turn, with the ctxkit ids `ContextDetails` needs (the session that stored the reply, its plan). The
 * replies that called tools and the tool results stay in the store; the page shows a turn's final answer.
 */
export function uiMessagesOf(entries: readonly TranscriptEntry[]): CtxkitUIMessage[] {
  const messages: CtxkitUIMessage[] = [];
  let userMessageId: string | undefined;
  for (const { message, ownerId } of entries) {
    if (message.role === 'user') {
      userMessageId = message.id;
      messages.push({ id: message.id, role: 'user', parts: [{ type: 'text', text: message.content }] });
    } else if (isFinalReply(message) && userMessageId !== undefined) {
      messages.push({
        id: message.id,
        role: 'assistant',
        metadata: {
          ctxkit: {
            sessionId: ownerId,
            userMessageId,
            planId: message.requestContext?.planId ?? '',
            messageId: message.id,
          },
        },
        parts: [{ type: 'text', text: message.modelReply.content }],
      });
    }
  }
  return messages;
}

function isFinalReply(message: ChatMessage): message is Extract<ChatMessage, { role: 'assistant' }> {
  return message.role === 'assistant' && (message.modelReply.toolCalls?.length ?? 0) === 0;
}
