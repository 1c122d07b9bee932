import type {
  Catalog,
  ContextPlan,
  OpenAIChatRequest,
  RequestContext,
  RequestContextItem,
  ToolCall,
} from '@ctxkit/core';
import type { ResponderEvent } from './types.js';

// The built-in responder: no model and no network. It answers deterministically from what the request gave it, so
// a newcomer sees the context at work: it names every rule, reference and tool it received, how each came in, and
// quotes the best agent-chosen rule or reference. Asked for arithmetic, the time or a search of the demo's help, it
// calls the demo's tool when the request offers it, and answers from the result in the turn's next request.

export interface LocalReplyInput {
  readonly userText: string;
  readonly requestContext: RequestContext;
  readonly plan: Pick<ContextPlan, 'mode' | 'budget' | 'sections'> &
    Partial<Pick<ContextPlan, 'auto' | 'included'>>;
  readonly catalog: Pick<Catalog, 'get'>;
  /** The request as rendered: its tools say what may be called, its messages hold this turn's tool results. */
  readonly request?: Pick<OpenAIChatRequest, 'messages' | 'tools'>;
}

export const CALCULATOR = 'demo__calculator';
export const CURRENT_TIME = 'demo__current_time';
export const SEARCH_DOCS = 'demo__search_docs';

const ASKS_TO_CALCULATE = /\b(what(?:'s|’s| is)|calculate|compute|evaluate|how much is|work out)\b/i;
const ARITHMETIC = /[-+(.\d×÷−][\d\s.+\-*/%^()×÷−]*/g;

/** The arithmetic a message asks for (`what is 12*7+1` → `12*7+1`), or null. */
export function arithmeticIn(text: string): string | null {
  const candidates = (text.match(ARITHMETIC) ?? [])
    .map((match) => match.trim().replace(/[-+*/%^×÷−\s]+$/, ''))
    .filter((match) => /\d/.test(match) && /[\d)]\s*(\*\*|[-+*/%^×÷−])\s*[-+(.\d]/.test(match));
  const expression = candidates.sort((a, b) => b.length - a.length)[0];
  if (!expression) return null;
  // A bare expression is a question; in a sentence, only when it asks (dates like 2026-11-26 are not).
  const bare = text.trim().replace(/[=?\s]+$/, '') === expression;
  return bare || ASKS_TO_CALCULATE.test(text) ? expression : null;
}

/** Whether the message asks for the current time or date. */
export function asksTime(text: string): boolean {
  return /\b(what time|time is it|the time\b|current time|time now|what(?:'s|’s| is) the date|today(?:'s|’s) date|what day is)/i.test(
    text,
  );
}

/** What a message asks to look up in the demo's help (`search the docs for pins` → `pins`), or null. */
export function docsQuery(text: string): string | null {
  const match =
    /\b(?:search|look up|look in|find in|check)\s+(?:in\s+)?(?:the\s+)?(?:demo(?:'s|’s)?\s+)?(?:docs|documentation|help)\b[\s,:]*(?:(?:for|about|on)\b\s*)?(.*)$/is.exec(
      text.trim(),
    );
  if (!match) return null;
  const query = (match[1] ?? '').replace(/[?.!\s]+$/, '').trim();
  return query === '' ? null : query;
}

/** The engine's tool that returns a card's full item (light mode sends agent items as cards). */
export const EXPAND_CARD = 'expand_card';

/**
 * The card the message names, when the plan sent one: what a model does with a card it needs is ask for it in full
 * (`expand_card`), which the engine answers itself.
 */
export function namedCard(text: string, plan: Partial<Pick<ContextPlan, 'included'>>): string | null {
  const lower = text.toLowerCase();
  for (const { candidate, reason } of plan.included ?? []) {
    if (reason.code !== 'agent' || reason.form !== 'card' || candidate.kind !== 'item') continue;
    if (lower.includes(candidate.ref.name.toLowerCase())) return candidate.ref.name;
  }
  return null;
}

/** The call a message asks for, when the request offers that tool; null otherwise. */
export function plannedToolCall(
  text: string,
  offered: ReadonlySet<string>,
  newId: () => string,
): ToolCall | null {
  const query = docsQuery(text);
  if (query && offered.has(SEARCH_DOCS)) return { id: newId(), name: SEARCH_DOCS, arguments: { query } };
  const expression = arithmeticIn(text);
  if (expression && offered.has(CALCULATOR))
    return { id: newId(), name: CALCULATOR, arguments: { expression } };
  if (asksTime(text) && offered.has(CURRENT_TIME)) return { id: newId(), name: CURRENT_TIME, arguments: {} };
  return null;
}

interface ToolExchange {
  readonly call: ToolCall;
  readonly result: string;
}

/**
 * This turn's tool calls with their results, as a model sees them: the assistant calls and tool messages after the
 * current user message (the request's trailing run of them; a workspace message may follow).
 */
export function turnToolExchanges(messages: OpenAIChatRequest['messages']): ToolExchange[] {
  let end = messages.length;
  if (messages[end - 1]?.role === 'user' && messages[end - 2]?.role === 'tool') end--; // the workspace
  let start = end;
  while (start > 0) {
    const message = messages[start - 1];
    if (message?.role === 'tool' || (message?.role === 'assistant' && message.tool_calls?.length)) start--;
    else break;
  }
  const run = messages.slice(start, end);
  const results = new Map<string, string>();
  for (const message of run) if (message.role === 'tool') results.set(message.tool_call_id, message.content);
  return run.flatMap((message) =>
    message.role === 'assistant'
      ? (message.tool_calls ?? []).map((call) => {
          let args: ToolCall['arguments'] = {};
          try {
            args = JSON.parse(call.function.arguments) as ToolCall['arguments'];
          } catch {
            // shown as called; the answer only needs the result
          }
          return {
            call: { id: call.id, name: call.function.name, arguments: args },
            result: results.get(call.id) ?? '',
          };
        })
      : [],
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The answer from one tool result, read as a model would read it: a result in the tool's shape is used, anything
 * else is what went wrong (a refused call, an error), said as such.
 */
export function answerFromTool({ call, result }: ToolExchange): string {
  const why = result.trim().replace(/\s+/g, ' ') || 'no result';
  if (call.name === CALCULATOR) {
    const expression = typeof call.arguments.expression === 'string' ? call.arguments.expression : '';
    return /^-?\d+(\.\d+)?(e[-+]\d+)?$/.test(result.trim())
      ? `${expression} = **${result.trim()}** (worked out by demo:calculator).`
      : `I could not calculate ${expression ? `“${expression}”` : 'that'}: ${why}`;
  }
  if (call.name === CURRENT_TIME) {
    const time = parsed(result);
    return isRecord(time) && typeof time.local === 'string'
      ? `It is **${time.local}** (${String(time.timeZone)}, ${String(time.offset)}), says demo:current_time.`
      : `I could not tell the time: ${why}`;
  }
  if (call.name === SEARCH_DOCS) {
    const found = parsed(result);
    if (!isRecord(found) || !Array.isArray(found.results))
      return `I could not search the demo’s help: ${why}`;
    const hits = found.results.filter(isRecord);
    if (hits.length === 0) return `The demo’s help has nothing on “${String(found.query)}”.`;
    return [
      `From the demo’s help (demo:search_docs, “${String(found.query)}”):`,
      '',
      ...hits.map((hit) => `- **${String(hit.title)}**: ${String(hit.text)}`),
    ].join('\n');
  }
  if (call.name === EXPAND_CARD) {
    const name = typeof call.arguments.name === 'string' ? call.arguments.name : 'the card';
    const body = result
      .replace(/<[^>]*>/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&');
    return `I asked for **${name}** in full (expand_card): ${firstSentence(body)}`;
  }
  return `${call.name} answered: ${why}`;
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
export function composeLocalReply({
  userText,
  requestContext,
  plan,
  catalog,
  request,
}: LocalReplyInput): string {
  const items = requestContext.items;
  const rules = items.filter((item) => item.type === 'rule');
  const references = items.filter((item) => item.type === 'reference');
  const tools = items.filter((item) => item.type === 'tool');
  const question = userText.trim().replace(/\s+/g, ' ');
  const shown = question.length > 80 ? `${question.slice(0, 79)}…` : question;
  const answers = request ? turnToolExchanges(request.messages).map(answerFromTool) : [];
  const lines = [
    ...answers.flatMap((answer) => [answer, '']),
    `*Local responder (offline, no model).* You asked: “${shown}”`,
    '',
    `Context mode ${plan.auto ? `Auto → ${MODE_NAMES[plan.mode]}` : MODE_NAMES[plan.mode]}: this request took ${plan.budget.used.toLocaleString('en-US')} of ${plan.budget.available.toLocaleString('en-US')} tokens.`,
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
  /** Ids of the tool calls it makes. */
  readonly newCallId?: () => string;
}

/** A call id unique enough for a session (`crypto.getRandomValues` works on plain-http origins too). */
export function randomCallId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `call_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
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

/**
 * Streams the local reply a few words at a time; no usage event, since nothing counted tokens but the plan. When the
 * message asks for something a tool of the request does and this turn has called no tool yet, the reply is that
 * call instead.
 */
export async function* localResponder(
  input: LocalReplyInput,
  { chunkDelayMs = 12, wordsPerChunk = 3, signal, newCallId = randomCallId }: StreamOptions = {},
): AsyncGenerator<ResponderEvent> {
  if (input.request && turnToolExchanges(input.request.messages).length === 0) {
    const offered = new Set((input.request.tools ?? []).map((tool) => tool.function.name));
    const card = offered.has(EXPAND_CARD) ? namedCard(input.userText, input.plan) : null;
    const call = card
      ? { id: newCallId(), name: EXPAND_CARD, arguments: { name: card } }
      : plannedToolCall(input.userText, offered, newCallId);
    if (call) {
      await pause(chunkDelayMs, signal);
      yield { type: 'tool-calls', calls: [call] };
      return;
    }
  }
  for (const text of chunkText(composeLocalReply(input), wordsPerChunk)) {
    await pause(chunkDelayMs, signal);
    yield { type: 'text', text };
  }
}
