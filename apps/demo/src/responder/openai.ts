import type { OpenAIChatRequest, ToolCall, Usage } from '@ctxkit/core';
import { chatCompletionsUrl, type EndpointSettings, endpointHeaders } from '../settings/index.js';
import { SseDecoder } from './sse.js';
import type { ResponderEvent } from './types.js';

// A streaming client for any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama's /v1, llama.cpp, vLLM,
// OpenRouter). It sends the request the plan rendered, adding only what streaming needs, and reports the usage the
// server counted so the engine can compare it with its estimate.

export type EndpointFailure = 'unreachable' | 'http' | 'bad-response';

/** The model endpoint could not answer; `url` says which, `status` and `detail` what the server said. */
export class EndpointError extends Error {
  override readonly name = 'EndpointError';
  constructor(
    readonly failure: EndpointFailure,
    readonly url: string,
    message: string,
    readonly status?: number,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** The body sent: the plan's request, for the configured model, streamed, with usage in the last chunk. */
export function streamingBody(request: OpenAIChatRequest, model: string): Record<string, unknown> {
  return { ...request, model, stream: true, stream_options: { include_usage: true } };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A piece of a streamed tool call: the first names it, the next ones add to its arguments. */
export interface ToolCallDelta {
  readonly index: number;
  readonly id?: string;
  readonly name?: string;
  readonly arguments?: string;
}

/** What one parsed chunk (or a whole non-streamed response) contributes. */
export function eventsOfChunk(
  chunk: unknown,
  url: string,
): { events: ResponderEvent[]; toolCalls: ToolCallDelta[] } {
  if (!isRecord(chunk))
    throw new EndpointError('bad-response', url, `${url} sent something that is not a JSON object`);
  if (isRecord(chunk.error)) {
    const message =
      typeof chunk.error.message === 'string' ? chunk.error.message : JSON.stringify(chunk.error);
    throw new EndpointError('http', url, `${url} reported an error: ${message}`, undefined, message);
  }
  const events: ResponderEvent[] = [];
  const toolCalls: ToolCallDelta[] = [];
  if (typeof chunk.model === 'string') events.push({ type: 'model', model: chunk.model });
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  for (const choice of choices) {
    if (!isRecord(choice)) continue;
    const part = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
    if (!part) continue;
    if (typeof part.content === 'string' && part.content !== '')
      events.push({ type: 'text', text: part.content });
    const calls = Array.isArray(part.tool_calls) ? part.tool_calls : [];
    calls.forEach((call, position) => {
      if (!isRecord(call)) return;
      const fn = isRecord(call.function) ? call.function : {};
      toolCalls.push({
        // A whole message's calls may come without `index`: their order is their index.
        index: typeof call.index === 'number' ? call.index : position,
        ...(typeof call.id === 'string' && call.id !== '' && { id: call.id }),
        ...(typeof fn.name === 'string' && fn.name !== '' && { name: fn.name }),
        ...(typeof fn.arguments === 'string' && { arguments: fn.arguments }),
        // Some servers send the arguments as an object rather than its JSON.
        ...(isRecord(fn.arguments) && { arguments: JSON.stringify(fn.arguments) }),
      });
    });
  }
  if (isRecord(chunk.usage) && typeof chunk.usage.prompt_tokens === 'number') {
    const usage: Usage =
      typeof chunk.usage.completion_tokens === 'number'
        ? { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens }
        : { inputTokens: chunk.usage.prompt_tokens };
    events.push({ type: 'usage', usage });
  }
  return { events, toolCalls };
}

/**
 * Puts streamed tool call pieces together by index: the id and name from whichever piece has them, the arguments
 * as the concatenation of every piece's string, then parsed. Arguments that are not a JSON object do not fail the
 * reply: the call is kept with empty arguments and named in `badArguments`, so its result can say why.
 */
export function assembleToolCalls(
  deltas: readonly ToolCallDelta[],
): Extract<ResponderEvent, { type: 'tool-calls' }> | null {
  const byIndex = new Map<number, { id?: string; name?: string; arguments: string }>();
  for (const delta of deltas) {
    const call = byIndex.get(delta.index) ?? { arguments: '' };
    if (delta.id !== undefined && call.id === undefined) call.id = delta.id;
    if (delta.name !== undefined && call.name === undefined) call.name = delta.name;
    call.arguments += delta.arguments ?? '';
    byIndex.set(delta.index, call);
  }
  const calls: ToolCall[] = [];
  const badArguments: Record<string, string> = {};
  for (const [index, call] of [...byIndex].sort(([a], [b]) => a - b)) {
    if (call.name === undefined) continue; // nothing to run or answer
    // Every call needs an id of its own (its result names it): a missing or repeated one is made from the index.
    const id =
      call.id !== undefined && !calls.some((earlier) => earlier.id === call.id) ? call.id : `call_${index}`;
    let parsed: unknown = {};
    const raw = call.arguments.trim();
    if (raw !== '') {
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = undefined;
      }
    }
    if (isRecord(parsed)) calls.push({ id, name: call.name, arguments: parsed as ToolCall['arguments'] });
    else {
      calls.push({ id, name: call.name, arguments: {} });
      badArguments[id] =
        parsed === undefined
          ? `The arguments are not valid JSON: ${raw.slice(0, 200)}`
          : `The arguments must be a JSON object, not ${raw.slice(0, 200)}`;
    }
  }
  if (calls.length === 0) return null;
  return Object.keys(badArguments).length > 0
    ? { type: 'tool-calls', calls, badArguments }
    : { type: 'tool-calls', calls };
}

async function errorDetail(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed) && isRecord(parsed.error) && typeof parsed.error.message === 'string')
      return parsed.error.message;
    if (isRecord(parsed) && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: the text itself says it
  }
  return text || response.statusText;
}

export interface OpenAIResponderOptions {
  readonly signal?: AbortSignal;
  readonly fetch?: typeof fetch;
}

/** Sends the request and streams the reply; its tool calls, if any, come whole in one event after the text. */
export async function* openAIResponder(
  endpoint: EndpointSettings,
  request: OpenAIChatRequest,
  { signal, fetch: fetchFn = globalThis.fetch.bind(globalThis) }: OpenAIResponderOptions = {},
): AsyncGenerator<ResponderEvent> {
  const url = chatCompletionsUrl(endpoint.baseUrl);
  const headers = endpointHeaders(endpoint, 'text/event-stream');
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(streamingBody(request, endpoint.model)),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EndpointError(
      'unreachable',
      url,
      `Could not reach ${url}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok) {
    const detail = await errorDetail(response);
    throw new EndpointError(
      'http',
      url,
      `${url} answered ${response.status}: ${detail}`,
      response.status,
      detail,
    );
  }
  const toolCalls: ToolCallDelta[] = [];
  const parse = (data: string): ResponderEvent[] => {
    let chunk: unknown;
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new EndpointError(
        'bad-response',
        url,
        `${url} sent a chunk that is not JSON: ${data.slice(0, 120)}`,
      );
    }
    const result = eventsOfChunk(chunk, url);
    toolCalls.push(...result.toolCalls);
    return result.events;
  };
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    // A server that ignored `stream` sends the whole response at once.
    yield* parse(await response.text());
  } else if (response.body) {
    const decoder = new SseDecoder();
    const text = new TextDecoder();
    const reader = response.body.getReader();
    let done = false;
    while (!done) {
      const read = await reader.read();
      const datas = read.done
        ? [...decoder.push(text.decode()), ...decoder.end()]
        : decoder.push(text.decode(read.value, { stream: true }));
      for (const data of datas) {
        if (data.trim() === '[DONE]') {
          done = true;
          break;
        }
        yield* parse(data);
      }
      if (read.done) done = true;
    }
    await reader.cancel().catch(() => {});
  }
  const calls = assembleToolCalls(toolCalls);
  if (calls) yield calls;
}
