import type { Catalog, ContextPlan, RequestContext, RequestContextItem } from '@ctxkit/core';
import type { ResponderEvent } from './types.js';

// The built-in responder: no model and no network. It answers deterministically from what the request gave it, so
// a newcomer sees the context at work: it names every rule, reference and tool it received, how each came in, and
// quotes the best agent-chosen rule or reference.

export interface LocalReplyInput {
  readonly userText: string;
  readonly requestContext: RequestContext;
  readonly plan: Pick<ContextPlan, 'mode' | 'budget' | 'sections'>;
  readonly catalog: Pick<Catalog, 'get'>;
}

const MODE_NAMES = { off: 'Off', light: 'Light', heavy: 'Heavy' } as const;

function itemName(item: RequestContextItem): string {
  return item.type === 'tool' ? `${item.serverName}:${item.name}` : item.name;
}

function how(item: RequestContextItem): string {
  if (item.pin) return `pinned, ${item.pin}`;
  if (item.includeMode === 'agent' && item.similarityScore !== undefined)
    return `agent ${item.similarityScore.toFixed(2)}`;
  return item.includeMode;
}

function listOf(items: readonly RequestContextItem[]): string {
  return items.length === 0 ? 'none' : items.map((item) => `${itemName(item)} (${how(item)})`).join(', ');
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (match?.[1] ?? text.trim()).replace(/\s+/g, ' ');
}

/**
 * The reply, in Markdown as a model would write it (paragraphs, a list, emphasis); the same input gives the same
 * reply.
 */
export function composeLocalReply({ userText, requestContext, plan, catalog }: LocalReplyInput): string {
  const items = requestContext.items;
  const rules = items.filter((item) => item.type === 'rule');
  const references = items.filter((item) => item.type === 'reference');
  const tools = items.filter((item) => item.type === 'tool');
  const question = userText.trim().replace(/\s+/g, ' ');
  const shown = question.length > 80 ? `${question.slice(0, 79)}…` : question;
  const lines = [
    `*Local responder (offline, no model).* You asked: “${shown}”`,
    '',
    `Context mode ${MODE_NAMES[plan.mode]}: this request took ${plan.budget.used.toLocaleString('en-US')} of ${plan.budget.available.toLocaleString('en-US')} tokens.`,
    '',
    `- **Rules (${rules.length}):** ${listOf(rules)}.`,
    `- **References (${references.length}):** ${listOf(references)}.`,
    `- **Tools (${tools.length}):** ${listOf(tools)}.`,
  ];
  const historyTurns = plan.sections.history.included;
  if (historyTurns > 0)
    lines.push(`- **History:** ${historyTurns} earlier ${historyTurns === 1 ? 'turn' : 'turns'}.`);
  const best = items
    .filter((item) => item.type !== 'tool' && item.includeMode === 'agent' && !item.pin)
    .sort((a, b) => (b.similarityScore ?? 0) - (a.similarityScore ?? 0))[0];
  const bestItem = best ? catalog.get(best) : undefined;
  lines.push('');
  if (bestItem && bestItem.type !== 'tool') {
    lines.push(`Most relevant, **${bestItem.name}**: ${firstSentence(bestItem.content)}`);
  } else {
    lines.push('Retrieval chose no rule or reference for this message.');
  }
  const agentTools = tools.filter((item) => item.includeMode === 'agent' && !item.pin);
  if (agentTools.length > 0) lines.push(`A model could call ${agentTools.map(itemName).join(', ')} here.`);
  return lines.join('\n');
}

export interface StreamOptions {
  /** Pause between chunks, so the reply visibly streams. */
  readonly chunkDelayMs?: number;
  /** Words per chunk. */
  readonly wordsPerChunk?: number;
  readonly signal?: AbortSignal;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Splits the text into chunks of a few words (whitespace kept), in order: joined, they are the text. */
export function chunkText(text: string, wordsPerChunk: number): string[] {
  const pieces = text.match(/\s*\S+/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerChunk)
    chunks.push(pieces.slice(i, i + wordsPerChunk).join(''));
  const trailing = /\s+$/.exec(text)?.[0];
  if (trailing) chunks.push(trailing);
  return chunks;
}

/** Streams the local reply a few words at a time; no usage event, since nothing counted tokens but the plan. */
export async function* localResponder(
  input: LocalReplyInput,
  { chunkDelayMs = 12, wordsPerChunk = 3, signal }: StreamOptions = {},
): AsyncGenerator<ResponderEvent> {
  for (const text of chunkText(composeLocalReply(input), wordsPerChunk)) {
    await pause(chunkDelayMs, signal);
    yield { type: 'text', text };
  }
}
