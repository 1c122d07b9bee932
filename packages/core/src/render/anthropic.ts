import type { ContextPlan } from '../planner/index.js';
import type { ChatMessage, TurnStep } from '../session/index.js';
import { type AnthropicAttachmentBlock, anthropicAttachmentBlocks } from './attachment-parts.js';
import { layoutPlan } from './layout.js';
import type { RenderOptions } from './openai.js';
import { checkRenderOptions } from './options.js';
import { formatArguments, PART_SEPARATOR } from './text.js';

// Plain mutable JSON shapes, as the official `@anthropic-ai/sdk` declares its parameters, so a planned request goes to
// `client.messages.create(turn.request)` as it is. A renderer builds a new object for every request.
export type AnthropicBlock =
  | { type: 'text'; text: string; cache_control?: AnthropicCacheControl }
  /** An image or a PDF of a user message (see docs/attachments.md). */
  | (Exclude<AnthropicAttachmentBlock, { type: 'text' }> & { cache_control?: AnthropicCacheControl })
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: Record<string, unknown>;
      cache_control?: AnthropicCacheControl;
    }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content: string;
      is_error?: boolean;
      cache_control?: AnthropicCacheControl;
    };

/** A prompt-cache breakpoint: the request up to and including this block may be cached. */
export interface AnthropicCacheControl {
  type: 'ephemeral';
}

/** Options of the Anthropic renderer. */
export interface AnthropicRenderOptions extends RenderOptions {
  /**
   * Put `cache_control` breakpoints where the plan's stable prefix ends (after the tools and system prompt, after
   * history; see `plan.cache`), so Anthropic caches the part that repeats. Default true.
   */
  readonly cache?: boolean;
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicBlock[];
}

/** A tool's JSON Schema for its input: always an object schema (the catalog checks it). */
export interface AnthropicInputSchema {
  type: 'object';
  [key: string]: unknown;
}

export interface AnthropicMessagesRequest {
  model: string;
  max_tokens: number;
  system?: { type: 'text'; text: string; cache_control?: AnthropicCacheControl }[];
  messages: AnthropicMessage[];
  tools?: {
    name: string;
    description: string;
    input_schema: AnthropicInputSchema;
    cache_control?: AnthropicCacheControl;
  }[];
}

const BREAKPOINT: AnthropicCacheControl = { type: 'ephemeral' };

/**
 * Anthropic refuses tool_use and tool_result blocks for tools the request does not define. A call to a tool that is
 * no longer in context (it was retrieved for an earlier turn, or removed) is therefore sent as text.
 */
function blocksOf(
  message: ChatMessage | TurnStep,
  defined: ReadonlySet<string>,
): [AnthropicMessage['role'], AnthropicBlock[]] | null {
  const text = (value: string): AnthropicBlock[] => (value === '' ? [] : [{ type: 'text', text: value }]);
  switch (message.role) {
    case 'user':
      // Anthropic advises images and documents before the text that asks about them.
      return ['user', [...anthropicAttachmentBlocks(message), ...text(message.content)]];
    case 'assistant':
      return [
        'assistant',
        [
          ...text(message.modelReply.content),
          ...(message.modelReply.toolCalls ?? []).map(
            (call): AnthropicBlock =>
              defined.has(call.name)
                ? { type: 'tool_use', id: call.id, name: call.name, input: call.arguments }
                : { type: 'text', text: `[called ${call.name} ${formatArguments(call.arguments)}]` },
          ),
        ],
      ];
    case 'tool':
      return [
        'user',
        defined.has(message.toolName)
          ? [
              {
                type: 'tool_result',
                tool_use_id: message.toolCallId,
                content: message.content,
                ...(message.isError && { is_error: true }),
              },
            ]
          : [
              {
                type: 'text',
                text: `[${message.isError ? 'error from' : 'result of'} ${message.toolName}]\n${message.content}`,
              },
            ],
      ];
    default:
      return null;
  }
}

/**
 * An Anthropic Messages request built from the plan alone. Anthropic wants alternating roles and non-empty
 * text, so consecutive same-role messages are merged into one message of several blocks (tool results travel
 * as user blocks) and empty text is left out.
 */
export function renderAnthropicMessages(
  plan: ContextPlan,
  options: AnthropicRenderOptions,
): AnthropicMessagesRequest {
  checkRenderOptions(options, ['model', 'cache']);
  const layout = layoutPlan(plan);
  const messages: { role: AnthropicMessage['role']; content: AnthropicBlock[] }[] = [];
  const push = (role: AnthropicMessage['role'], blocks: AnthropicBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last && last.role === role) last.content.push(...blocks);
    else messages.push({ role, content: [...blocks] });
  };
  const defined = new Set(layout.tools.map(({ body }) => body.functionName));
  if (layout.checkpoint !== null) push('user', [{ type: 'text', text: layout.checkpoint }]);
  for (const message of layout.history) {
    const converted = blocksOf(message, defined);
    if (converted) push(...converted);
  }
  const lastOfHistory = messages.at(-1)?.content.at(-1);
  const currentBlocks: AnthropicBlock[] = [];
  if (layout.volatile.length > 0)
    currentBlocks.push({ type: 'text', text: layout.volatile.join(PART_SEPARATOR) });
  currentBlocks.push(...anthropicAttachmentBlocks(layout.current));
  if (layout.current.content !== '') currentBlocks.push({ type: 'text', text: layout.current.content });
  push('user', currentBlocks);
  for (const step of layout.steps) {
    const converted = blocksOf(step, defined);
    if (converted) push(...converted);
  }
  // Last, after any tool results (text may follow tool_result blocks in a user message).
  if (layout.workspace) push('user', [{ type: 'text', text: layout.workspace }]);
  const request: AnthropicMessagesRequest = {
    model: options.model,
    max_tokens: plan.budget.reservedOutput,
    ...(layout.system.length > 0 && {
      system: [{ type: 'text' as const, text: layout.system.join(PART_SEPARATOR) }],
    }),
    messages,
    ...(layout.tools.length > 0 && {
      tools: layout.tools.map(({ body }) => ({
        name: body.functionName,
        description: body.description,
        input_schema: body.inputSchema as AnthropicInputSchema,
      })),
    }),
  };
  if (options.cache !== false) markBreakpoints(request, plan, lastOfHistory);
  return request;
}

/**
 * Marks the ends of the plan's stable prefix (at most two of Anthropic's four breakpoints): the system prompt, or the
 * last tool when there is no system prompt, and the last block of history. Anthropic looks for earlier cached
 * prefixes up to 20 blocks before a breakpoint, so history that grew by a turn still reads the previous request's.
 */
function markBreakpoints(
  request: AnthropicMessagesRequest,
  plan: ContextPlan,
  lastOfHistory: AnthropicBlock | undefined,
): void {
  for (const { after } of plan.cache.breakpoints) {
    if (after === 'history' && lastOfHistory) lastOfHistory.cache_control = { ...BREAKPOINT };
    if (after !== 'system') continue;
    const last = request.system?.at(-1) ?? request.tools?.at(-1);
    if (last) last.cache_control = { ...BREAKPOINT };
  }
}
