import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CACHED_TOKENS, PROMPT_TOKENS } from './usage.js';

// A small OpenAI-compatible Chat Completions server that streams Server-Sent Events as OpenAI and Ollama do: chunk
// objects, a final chunk with `finish_reason`, a usage chunk with no choices when `stream_options.include_usage` is
// set, then `[DONE]`; `stream: false` gets one JSON object. It answers CORS preflights, so the Chromium tests reach
// it too. `GET /v1/requests` returns every request body received so far. The model name picks a behaviour:
//   tool-model   calls files__read_file({ path: "notes.txt" }) until the request carries its result, then answers
//                "The file says: <result>"
//   slow-model   streams many words, 50 ms apart (for stopping mid-reply)
//   fail-model   answers 500
//   anything     "Echo: <the last user message>" word by word

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

interface Message {
  readonly role: string;
  readonly content: unknown;
}

function textOf(message: Message | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  return Array.isArray(message.content)
    ? (message.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('')
    : '';
}

export interface OpenAIServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

export function startOpenAIServer(): Promise<OpenAIServer> {
  const requests: unknown[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    if (request.method === 'GET' && request.url === '/v1/requests') {
      response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(requests));
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, CORS).end('not found');
      return;
    }
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push(body);
      const model = String(body.model);
      const messages = (Array.isArray(body.messages) ? body.messages : []) as Message[];
      if (model === 'fail-model') {
        response.writeHead(500, { ...CORS, 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'the model is down', type: 'server_error' } }));
        return;
      }
      const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_767_268_800, model };
      const toolResult = [...messages].reverse().find((message) => message.role === 'tool');
      const callsTool = model === 'tool-model' && !toolResult;
      const lastUser = [...messages].reverse().find((message) => message.role === 'user');
      const text =
        model === 'tool-model'
          ? `The file says: ${textOf(toolResult)}`
          : model === 'slow-model'
            ? Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')
            : `Echo: ${textOf(lastUser)}`;
      const words = callsTool ? [] : (text.match(/\s*\S+/g) ?? []);
      const usage = {
        prompt_tokens: PROMPT_TOKENS,
        completion_tokens: callsTool ? 7 : words.length,
        total_tokens: PROMPT_TOKENS + (callsTool ? 7 : words.length),
        prompt_tokens_details: { cached_tokens: CACHED_TOKENS },
      };
      const toolCall = {
        id: `call_${requests.length}`,
        type: 'function',
        function: { name: 'files__read_file', arguments: '{"path":"notes.txt"}' },
      };
      if (body.stream !== true) {
        response.writeHead(200, { ...CORS, 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: callsTool
                  ? { role: 'assistant', content: null, tool_calls: [toolCall] }
                  : { role: 'assistant', content: words.join('') },
                finish_reason: callsTool ? 'tool_calls' : 'stop',
              },
            ],
            usage,
          }),
        );
        return;
      }
      response.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunks: unknown[] = callsTool
        ? [
            {
              ...base,
              choices: [
                {
                  index: 0,
                  delta: {
                    role: 'assistant',
                    content: null,
                    tool_calls: [
                      { index: 0, ...toolCall, function: { name: 'files__read_file', arguments: '' } },
                    ],
                  },
                  finish_reason: null,
                },
              ],
            },
            {
              ...base,
              choices: [
                {
                  index: 0,
                  delta: { tool_calls: [{ index: 0, function: { arguments: toolCall.function.arguments } }] },
                  finish_reason: null,
                },
              ],
            },
          ]
        : words.map((word) => ({
            ...base,
            choices: [{ index: 0, delta: { content: word }, finish_reason: null }],
          }));
      chunks.push({
        ...base,
        choices: [{ index: 0, delta: {}, finish_reason: callsTool ? 'tool_calls' : 'stop' }],
      });
      const options = body.stream_options as { include_usage?: boolean } | undefined;
      if (options?.include_usage) chunks.push({ ...base, choices: [], usage });
      const gap = model === 'slow-model' ? 50 : 1;
      let index = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      response.on('close', () => clearTimeout(timer));
      const next = () => {
        if (response.destroyed) return;
        if (index < chunks.length) {
          response.write(`data: ${JSON.stringify(chunks[index++])}\n\n`);
          timer = setTimeout(next, gap);
        } else response.end('data: [DONE]\n\n');
      };
      next();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
