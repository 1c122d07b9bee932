import { createApproximateCounter, type TokenCounter, type ToolCall } from '@ctxkit/core';
import type { LanguageModel } from 'ai';
import { answerFromTool, chunkText, plannedToolCall, randomCallId } from '../responder/index.js';
import { LOCAL_MODEL } from '../settings/index.js';

// The demo's offline model for the AI SDK page: a language model in the AI SDK's provider specification (the
// version `ai` 7 calls, 'v4'), so `streamText` and `createCtxkitTransport` call it as they would call any provider's.
// Like any model, it reads only the call: the prompt (which ctxkit planned: rules and references in `<rule name="…">`
// and `<reference name="…">` blocks, in the system prompt or next to the user's message) and the tools offered. It
// answers as the demo's local responder does: it names what it received, quotes the first rule or reference chosen
// for the message, calls the demo's calculator, time or docs search when the message asks and the call offers the
// tool, and answers from the tool's result in the next call. It streams the reply a few words at a time and reports
// usage it counted itself (about 4 characters a token), as a provider reports its own.

/** The provider specification `ai` 7 calls (`specificationVersion: 'v4'`), read from the types `ai` exports. */
export type LanguageModelSpec = Extract<LanguageModel, { readonly specificationVersion: 'v4' }>;
export type LocalCallOptions = Parameters<LanguageModelSpec['doStream']>[0];
type StreamResult = Awaited<ReturnType<LanguageModelSpec['doStream']>>;
export type LocalStreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;
type GenerateResult = Awaited<ReturnType<LanguageModelSpec['doGenerate']>>;
type Usage = Extract<LocalStreamPart, { type: 'finish' }>['usage'];
type PromptMessage = LocalCallOptions['prompt'][number];
type ToolResultOutput = Extract<
  Extract<PromptMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

export const LOCAL_PROVIDER = 'ctxkit-demo.local';

export interface LocalModelOptions {
  /** Pause between chunks, so the reply visibly streams. Default 12 ms. */
  readonly chunkDelayMs?: number;
  /** Words per chunk. Default 3. */
  readonly wordsPerChunk?: number;
  /** Ids of the tool calls it makes. */
  readonly newCallId?: () => string;
  /** How it counts tokens for its usage report. Default: about 4 characters a token. */
  readonly counter?: TokenCounter;
}

/** A rule or reference the prompt carried, and where: the system prompt, or next to the user's message. */
export interface PromptItem {
  readonly type: 'rule' | 'reference';
  readonly name: string;
  readonly content: string;
  readonly place: 'system' | 'message';
}

interface ToolExchange {
  readonly call: ToolCall;
  readonly result: string;
}

/** What the local model reads in a call. */
export interface PromptReading {
  /** The user's message: the last text of the last user message before this turn's tool exchanges. */
  readonly question: string;
  readonly items: readonly PromptItem[];
  /** Function names of the tools offered, in order. */
  readonly tools: readonly string[];
  /** User messages before the question's: the earlier turns the prompt carried. */
  readonly historyTurns: number;
  /** This turn's tool calls with their results (the prompt's trailing run of them). */
  readonly exchanges: readonly ToolExchange[];
}

const ITEM = /<(rule|reference)\b[^>]*?\bname="([^"]*)"[^>]*>\n?([\s\S]*?)\n?<\/\1>/g;

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A rule or reference card: one line of the `<cards>` block light mode sends. */
const CARD = /^(rule|reference) (.+?)(?:: (.*))?$/gm;
const CARDS = /<cards>\n([\s\S]*?)\n<\/cards>/g;

function itemsIn(text: string, place: PromptItem['place']): PromptItem[] {
  const full = [...text.matchAll(ITEM)].map((match) => ({
    type: match[1] as PromptItem['type'],
    name: decode(match[2] ?? ''),
    content: match[3] ?? '',
    place,
  }));
  const cards = [...text.matchAll(CARDS)].flatMap((block) =>
    [...(block[1] ?? '').matchAll(CARD)].map((match) => ({
      type: match[1] as PromptItem['type'],
      name: decode(match[2] ?? ''),
      content: decode(match[3] ?? ''),
      place,
    })),
  );
  return [...full, ...cards];
}

function textParts(message: PromptMessage): string[] {
  if (message.role === 'system') return [message.content];
  if (message.role === 'tool') return [];
  return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
}

function outputText(output: ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'The call was not allowed.';
    default:
      return '';
  }
}

const isCallMessage = (message: PromptMessage | undefined) =>
  message?.role === 'tool' ||
  (message?.role === 'assistant' && message.content.some((part) => part.type === 'tool-call'));

/** Reads the prompt and tools of a call as the local model uses them. */
export function readPrompt(options: Pick<LocalCallOptions, 'prompt' | 'tools'>): PromptReading {
  const prompt = options.prompt;
  let end = prompt.length;
  // A workspace message may follow the tool results.
  if (prompt[end - 1]?.role === 'user' && prompt[end - 2]?.role === 'tool') end--;
  let start = end;
  while (start > 0 && isCallMessage(prompt[start - 1])) start--;
  const results = new Map<string, string>();
  const calls: ToolCall[] = [];
  for (const message of prompt.slice(start, end)) {
    if (message.role === 'tool') {
      for (const part of message.content)
        if (part.type === 'tool-result') results.set(part.toolCallId, outputText(part.output));
    } else if (message.role === 'assistant') {
      for (const part of message.content)
        if (part.type === 'tool-call') {
          const input = typeof part.input === 'string' ? safeParse(part.input) : part.input;
          calls.push({
            id: part.toolCallId,
            name: part.toolName,
            arguments: isObject(input) ? (input as ToolCall['arguments']) : {},
          });
        }
    }
  }
  let questionAt = start - 1;
  while (questionAt >= 0 && prompt[questionAt]?.role !== 'user') questionAt--;
  const questionMessage = prompt[questionAt];
  const questionTexts = questionMessage ? textParts(questionMessage) : [];
  const items = [
    ...prompt
      .filter((message) => message.role === 'system')
      .flatMap((message) => itemsIn(message.content, 'system')),
    ...questionTexts.slice(0, -1).flatMap((text) => itemsIn(text, 'message')),
  ];
  return {
    question: questionTexts.at(-1) ?? '',
    items,
    tools: (options.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool.name] : [])),
    historyTurns: prompt.slice(0, Math.max(questionAt, 0)).filter((message) => message.role === 'user')
      .length,
    exchanges: calls.map((call) => ({ call, result: results.get(call.id) ?? '' })),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toolName = (functionName: string) => functionName.replace('__', ':');

function namesOf(items: readonly PromptItem[]): string {
  return items.length === 0 ? 'none' : items.map((item) => `${item.name} (${item.type})`).join(', ');
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (match?.[1] ?? text.trim()).replace(/\s+/g, ' ');
}

/** The reply, in Markdown, from what the call gave; the same call gives the same reply. */
export function composeLocalModelReply(reading: PromptReading): string {
  const question = reading.question.trim().replace(/\s+/g, ' ');
  const shown = question.length > 80 ? `${question.slice(0, 79)}…` : question;
  const steady = reading.items.filter((item) => item.place === 'system');
  const chosen = reading.items.filter((item) => item.place === 'message');
  const lines = [
    ...reading.exchanges.flatMap((exchange) => [answerFromTool(exchange), '']),
    `*Local model (offline, through the AI SDK).* You asked: “${shown}”`,
    '',
    'The request ctxkit planned gave me:',
    '',
    `- **In the system prompt (${steady.length}):** ${namesOf(steady)}.`,
    `- **With your message (${chosen.length}):** ${namesOf(chosen)}.`,
    `- **Tools (${reading.tools.length}):** ${reading.tools.length === 0 ? 'none' : reading.tools.map(toolName).join(', ')}.`,
  ];
  if (reading.historyTurns > 0)
    lines.push(
      `- **History:** ${reading.historyTurns} earlier ${reading.historyTurns === 1 ? 'turn' : 'turns'}.`,
    );
  lines.push('');
  const first = chosen[0];
  lines.push(
    first
      ? `Chosen for this message, **${first.name}**: ${firstSentence(first.content)}`
      : 'No rule or reference came with this message.',
  );
  return lines.join('\n');
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function promptText(options: LocalCallOptions): string {
  const parts = options.prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.map((part) => (part.type === 'tool-result' ? outputText(part.output) : ''))
      : message.role === 'assistant'
        ? message.content.map((part) =>
            part.type === 'text' ? part.text : part.type === 'tool-call' ? JSON.stringify(part.input) : '',
          )
        : textParts(message),
  );
  return [...parts, ...(options.tools ?? []).map((tool) => JSON.stringify(tool))].join('\n');
}

function usage(input: number, output: number): Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** The demo's offline language model (AI SDK provider specification 'v4'). */
export function createLocalModel({
  chunkDelayMs = 12,
  wordsPerChunk = 3,
  newCallId = randomCallId,
  counter = createApproximateCounter(),
}: LocalModelOptions = {}): LanguageModelSpec {
  async function* parts(options: LocalCallOptions): AsyncGenerator<LocalStreamPart> {
    const signal = options.abortSignal;
    const reading = readPrompt(options);
    const inputTokens = counter.count(promptText(options));
    yield { type: 'stream-start', warnings: [] };
    yield { type: 'response-metadata', modelId: LOCAL_MODEL };
    const call =
      reading.exchanges.length === 0
        ? plannedToolCall(reading.question, new Set(reading.tools), newCallId)
        : null;
    if (call) {
      await pause(chunkDelayMs, signal);
      const input = JSON.stringify(call.arguments);
      yield { type: 'tool-call', toolCallId: call.id, toolName: call.name, input };
      yield {
        type: 'finish',
        usage: usage(inputTokens, counter.count(`${call.name}${input}`)),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      };
      return;
    }
    const reply = composeLocalModelReply(reading);
    yield { type: 'text-start', id: 'text-0' };
    for (const delta of chunkText(reply, wordsPerChunk)) {
      await pause(chunkDelayMs, signal);
      yield { type: 'text-delta', id: 'text-0', delta };
    }
    yield { type: 'text-end', id: 'text-0' };
    yield {
      type: 'finish',
      usage: usage(inputTokens, counter.count(reply)),
      finishReason: { unified: 'stop', raw: 'stop' },
    };
  }

  return {
    specificationVersion: 'v4',
    provider: LOCAL_PROVIDER,
    modelId: LOCAL_MODEL,
    supportedUrls: {},
    async doStream(options) {
      const iterator = parts(options);
      const stream = new ReadableStream<LocalStreamPart>({
        async pull(controller) {
          try {
            const next = await iterator.next();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          } catch (error) {
            controller.error(error);
          }
        },
        async cancel() {
          await iterator.return(undefined);
        },
      });
      return { stream };
    },
    async doGenerate(options) {
      const content: GenerateResult['content'] = [];
      let finish: Extract<LocalStreamPart, { type: 'finish' }> | undefined;
      let text = '';
      for await (const part of parts({ ...options })) {
        if (part.type === 'text-delta') text += part.delta;
        else if (part.type === 'tool-call') content.push(part);
        else if (part.type === 'finish') finish = part;
      }
      if (text !== '') content.unshift({ type: 'text', text });
      return {
        content,
        finishReason: finish?.finishReason ?? { unified: 'other', raw: undefined },
        usage: finish?.usage ?? usage(0, 0),
        warnings: [],
        response: { modelId: LOCAL_MODEL },
      };
    },
  };
}
