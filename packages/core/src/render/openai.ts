import type { ContextPlan } from '../planner/index.js';
import type { ChatMessage, TurnStep } from '../session/index.js';
import { type OpenAIAttachmentPart, openaiAttachmentParts } from './attachment-parts.js';
import { layoutPlan } from './layout.js';
import { checkRenderOptions } from './options.js';
import { formatArguments, PART_SEPARATOR } from './text.js';

// The request types are plain mutable JSON shapes, as the official `openai` client declares its parameters, so a
// planned request is passed to `client.chat.completions.create` as it is. A renderer builds a new object for every
// request; nothing of the plan is shared with it.
/** A part of a user message: text, an image (`image_url`) or a file (a PDF's data). */
export type OpenAIContentPart = OpenAIAttachmentPart;

export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenAIContentPart[] }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: {
        id: string;
        type: 'function';
        function: { name: string; arguments: string };
      }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIMessage[];
  tools?: {
    type: 'function';
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }[];
  max_completion_tokens: number;
}

export interface RenderOptions {
  readonly model: string;
}

/** A text part, or none for empty text (a message that is an image alone). */
function textPart(text: string): OpenAIContentPart[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

function toOpenAI(message: ChatMessage | TurnStep): OpenAIMessage | null {
  switch (message.role) {
    case 'user':
      return message.attachments?.length
        ? { role: 'user', content: [...textPart(message.content), ...openaiAttachmentParts(message)] }
        : { role: 'user', content: message.content };
    case 'assistant': {
      const calls = message.modelReply.toolCalls ?? [];
      return {
        role: 'assistant',
        content: message.modelReply.content === '' && calls.length > 0 ? null : message.modelReply.content,
        ...(calls.length > 0 && {
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function' as const,
            function: { name: call.name, arguments: formatArguments(call.arguments) },
          })),
        }),
      };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    default:
      return null;
  }
}

/**
 * An OpenAI Chat Completions request (also what OpenAI-compatible servers such as Ollama and OpenRouter take),
 * built from the plan alone: stable system prompt first, then history, then the per-request context and the
 * user's message, the turn's tool loop so far, and the workspace last.
 */
export function renderOpenAIChat(plan: ContextPlan, options: RenderOptions): OpenAIChatRequest {
  checkRenderOptions(options, ['model']);
  const layout = layoutPlan(plan);
  const messages: OpenAIMessage[] = [];
  if (layout.system.length > 0)
    messages.push({ role: 'system', content: layout.system.join(PART_SEPARATOR) });
  if (layout.checkpoint !== null) messages.push({ role: 'user', content: layout.checkpoint });
  for (const message of layout.history) {
    const converted = toOpenAI(message);
    if (converted) messages.push(converted);
  }
  const attachments = openaiAttachmentParts(layout.current);
  messages.push({
    role: 'user',
    content:
      layout.volatile.length === 0 && attachments.length === 0
        ? layout.current.content
        : [
            ...textPart(layout.volatile.join(PART_SEPARATOR)),
            ...textPart(layout.current.content),
            ...attachments,
          ],
  });
  for (const step of layout.steps) {
    const converted = toOpenAI(step);
    if (converted) messages.push(converted);
  }
  if (layout.workspace !== null) messages.push({ role: 'user', content: layout.workspace });
  return {
    model: options.model,
    messages,
    ...(layout.tools.length > 0 && {
      tools: layout.tools.map(({ body }) => ({
        type: 'function' as const,
        function: { name: body.functionName, description: body.description, parameters: body.inputSchema },
      })),
    }),
    max_completion_tokens: plan.budget.reservedOutput,
  };
}
