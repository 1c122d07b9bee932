import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small OpenAI-compatible Chat Completions server that streams as Ollama's /v1 does (chunk objects with
// `system_fingerprint: "fp_ollama"`, a final chunk with `finish_reason`, then a usage chunk with no choices when
// `stream_options.include_usage` is set, then `[DONE]`), and answers CORS preflights as a server configured for
// browser use must. The model name picks a behaviour:
//   missing-model  404 with Ollama's error body
//   tool-model     streams a call of demo__calculator ({"expression":"17 * 23"}) in pieces, instead of text
//   bad-tool-model streams two calls: database__run_query with arguments that are not JSON, then demo__current_time
//   json-model     ignores `stream` and answers with one JSON object
//   anything else  streams "Echo: <the last user message>" word by word
//   loop-tool-model calls demo__calculator in every reply, even after its results (a new call id each time)
// A request whose last message is a tool result is answered, by any model, with "Tool said: <that result>".

export interface RecordedRequest {
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

export interface FakeOpenAIServer {
  /** The base URL, ending in `/v1`. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'POST, OPTIONS',
};

function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role: string; content: unknown }[])
    : [];
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return Array.isArray(last.content)
    ? ((last.content as { type: string; text?: string }[])
        .filter((part) => part.type === 'text')
        .map((part) => part.text ?? '')
        .pop() ?? '')
    : '';
}

export const PROMPT_TOKENS = (body: Record<string, unknown>) =>
  Math.round(JSON.stringify(body.messages).length / 4);

export function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, CORS).end('404 page not found');
      return;
    }
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ headers: request.headers, body });
      const model = String(body.model);
      const base = {
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 1_767_268_800,
        model,
        system_fingerprint: 'fp_ollama',
      };
      if (model === 'missing-model') {
        response.writeHead(404, { ...CORS, 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: `model "${model}" not found, try pulling it first`,
              type: 'api_error',
              param: null,
              code: null,
            },
          }),
        );
        return;
      }
      const messages = Array.isArray(body.messages)
        ? (body.messages as { role: string; content: unknown }[])
        : [];
      const last = messages.at(-1);
      const answer =
        last?.role === 'tool' ? `Tool said: ${String(last.content)}` : `Echo: ${lastUserText(body)}`;
      const words = answer.match(/\s*\S+/g) ?? [];
      const callsTools =
        model === 'loop-tool-model' ||
        (last?.role !== 'tool' && (model === 'tool-model' || model === 'bad-tool-model'));
      const usage = { prompt_tokens: PROMPT_TOKENS(body), completion_tokens: words.length, total_tokens: 0 };
      if (model === 'json-model') {
        response.writeHead(200, { ...CORS, 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [
              { index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' },
            ],
            usage,
          }),
        );
        return;
      }
      response.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const toolDelta = (calls: unknown[]) => ({
        ...base,
        choices: [
          { index: 0, delta: { role: 'assistant', content: '', tool_calls: calls }, finish_reason: null },
        ],
      });
      const chunks: unknown[] = !callsTools
        ? words.map((word) => ({
            ...base,
            choices: [{ index: 0, delta: { role: 'assistant', content: word }, finish_reason: null }],
          }))
        : model === 'tool-model' || model === 'loop-tool-model'
          ? [
              toolDelta([
                {
                  id: model === 'tool-model' ? 'call_1' : `call_${requests.length}`,
                  index: 0,
                  type: 'function',
                  function: { name: 'demo__calculator', arguments: '{"expr' },
                },
              ]),
              toolDelta([{ index: 0, function: { arguments: 'ession":"17 ' } }]),
              toolDelta([{ index: 0, function: { arguments: '* 23"}' } }]),
            ]
          : [
              toolDelta([
                {
                  id: 'call_a',
                  index: 0,
                  type: 'function',
                  function: { name: 'database__run_query', arguments: '{"sql": select 1' },
                },
              ]),
              toolDelta([
                {
                  id: 'call_b',
                  index: 1,
                  type: 'function',
                  function: { name: 'demo__current_time', arguments: '' },
                },
              ]),
              toolDelta([{ index: 1, function: { arguments: '{}' } }]),
            ];
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
      });
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      if (options?.include_usage) chunks.push({ ...base, choices: [], usage });
      let index = 0;
      const next = () => {
        if (index < chunks.length) {
          response.write(`data: ${JSON.stringify(chunks[index++])}\n\n`);
          // Far enough apart that the page draws between two chunks on a loaded runner: 2 ms apart, WebKit showed
          // a whole reply in one render, and a test that checks the reply streamed saw it once.
          setTimeout(next, 25);
        } else response.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}

/** A URL on which nothing listens: a port taken and released again. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  await new Promise((closed) => server.close(closed));
  return `http://127.0.0.1:${port}/v1`;
}
