import type { OpenAIChatRequest, Usage } from '@ctxkit/core';
import { chatCompletionsUrl, type EndpointSettings } from '../settings/index.js';
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

/** What one parsed chunk (or a whole non-streamed response) contributes. */
export function eventsOfChunk(
  chunk: unknown,
  url: string,
): { events: ResponderEvent[]; toolCalls: string[] } {
  if (!isRecord(chunk))
    throw new EndpointError('bad-response', url, `${url} sent something that is not a JSON object`);
  if (isRecord(chunk.error)) {
    const message =
      typeof chunk.error.message === 'string' ? chunk.error.message : JSON.stringify(chunk.error);
    throw new EndpointError('http', url, `${url} reported an error: ${message}`, undefined, message);
  }
  const events: ResponderEvent[] = [];
  const toolCalls: string[] = [];
  if (typeof chunk.model === 'string') events.push({ type: 'model', model: chunk.model });
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  for (const choice of choices) {
    if (!isRecord(choice)) continue;
    const part = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : null;
    if (!part) continue;
    if (typeof part.content === 'string' && part.content !== '')
      events.push({ type: 'text', text: part.content });
    for (const call of Array.isArray(part.tool_calls) ? part.tool_calls : []) {
      if (isRecord(call) && isRecord(call.function) && typeof call.function.name === 'string')
        toolCalls.push(call.function.name);
    }
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

/** Sends the request and streams the reply. The demo runs no tools: a tool call is named in the reply's text. */
export async function* openAIResponder(
  endpoint: EndpointSettings,
  request: OpenAIChatRequest,
  { signal, fetch: fetchFn = globalThis.fetch.bind(globalThis) }: OpenAIResponderOptions = {},
): AsyncGenerator<ResponderEvent> {
  const url = chatCompletionsUrl(endpoint.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
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
  const toolCalls: string[] = [];
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
  const named = [...new Set(toolCalls)];
  if (named.length > 0)
    yield {
      type: 'text',
      text: `\n\n[The model asked to call ${named.join(', ')}. This demo runs no tools.]`,
    };
}
