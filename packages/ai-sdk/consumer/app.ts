// A small app on the published types of @ctxkit/ai-sdk (its built `dist`), type-checked once per AI SDK major with
// `ai`, `@ai-sdk/react` and `@ai-sdk/openai-compatible` mapped to that major's packages (tsconfig.ai5.json, …).
// It uses what an app uses: the transport with useChat and Chat, the middleware in a route, the metadata helpers.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { Chat, useChat } from '@ai-sdk/react';
import {
  type CtxkitMessageMetadata,
  type CtxkitUIMessage,
  catalogTools,
  createCtxkitTransport,
  ctxkitMessageMetadata,
  ctxkitMetadataOf,
  ctxkitMiddleware,
  dropUnstored,
  functionNamedTools,
  loadChat,
  toolResult,
  toolRunnerOf,
  toUIMessages,
  unstoredMessageIds,
} from '@ctxkit/ai-sdk';
import type { Engine, ToolInput } from '@ctxkit/core';
import {
  type ChatTransport,
  convertToModelMessages,
  generateText,
  jsonSchema,
  type LanguageModelMiddleware,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';

declare const engine: Engine;
declare function readFile(path: string): Promise<string>;

const provider = createOpenAICompatible({
  name: 'local',
  baseURL: 'http://localhost:11434/v1',
  includeUsage: true,
});

// The browser: the transport, as useChat and Chat take it.
export const transport = createCtxkitTransport({
  engine,
  sessionId: 'chat-1',
  model: provider('llama3.2'),
  runTool: async (call) =>
    call.toolName === 'read_file'
      ? readFile(String(call.input.path))
      : toolResult('The user did not allow this call.', { approval: 'denied' }),
  maxToolRounds: 4,
  onSessionChange: (id: string) => id.length,
  settings: { temperature: 0.2, maxOutputTokens: 400, stopSequences: ['\n\n'], maxRetries: 1, headers: {} },
});
export const asChatTransport: ChatTransport<CtxkitUIMessage> = transport;
export const nextSession: string = transport.sessionId;

export function useCtxkitChat() {
  const { messages, sendMessage, regenerate, stop } = useChat<CtxkitUIMessage>({ transport });
  const ids: CtxkitMessageMetadata['ctxkit'] | undefined = messages.at(-1)?.metadata?.ctxkit;
  return { ids, messageId: ids?.messageId, send: (text: string) => sendMessage({ text }), regenerate, stop };
}

export const chat = new Chat<CtxkitUIMessage>({ transport });

// The way back: a stored chat as useChat's initial messages, and the messages the store never kept.
export async function reopen(chatId: string) {
  const loaded = await loadChat(engine, chatId);
  const reopened = new Chat<CtxkitUIMessage>({
    id: chatId,
    messages: loaded.messages,
    transport: createCtxkitTransport({ engine, sessionId: loaded.sessionId, model: provider('llama3.2') }),
  });
  const fromTranscript: CtxkitUIMessage[] = toUIMessages((await engine.openSession(chatId)).transcript());
  const unstored: Set<string> = unstoredMessageIds(reopened.messages);
  reopened.messages = dropUnstored(reopened.messages);
  return { reopened, fromTranscript, unstored };
}

export function useReopenedChat(chatId: string, messages: CtxkitUIMessage[]) {
  const { setMessages } = useChat<CtxkitUIMessage>({ id: chatId, messages, transport });
  return () => setMessages(dropUnstored);
}
export const firstIds = ctxkitMetadataOf(chat.messages[0] ?? { metadata: undefined });

// The server: the middleware around the model of a route.
const middleware: LanguageModelMiddleware = ctxkitMiddleware({
  engine,
  sessionId: (params) => `chat-${params.prompt.length}`,
  onCommit: (ids) => ids.planId,
});

export async function POST(request: Request): Promise<Response> {
  const { messages }: { messages: CtxkitUIMessage[] } = await request.json();
  const result = streamText({
    model: wrapLanguageModel({ model: provider('llama3.2'), middleware }),
    messages: await convertToModelMessages(messages),
    tools: {
      files__read_file: tool({
        inputSchema: jsonSchema<{ path: string }>({
          type: 'object',
          properties: { path: { type: 'string' } },
        }),
        execute: async ({ path }) => readFile(path),
      }),
    },
    stopWhen: stepCountIs(5),
    abortSignal: request.signal,
  });
  return result.toUIMessageStreamResponse<CtxkitUIMessage>({ messageMetadata: ctxkitMessageMetadata });
}

export async function once(prompt: string): Promise<string | undefined> {
  const model = wrapLanguageModel({
    model: provider('llama3.2'),
    middleware: ctxkitMiddleware({ engine, sessionId: 'chat-1' }),
  });
  const result = await generateText({ model, prompt });
  return ctxkitMetadataOf({ metadata: result.providerMetadata })?.messageId;
}

// A model picker: each message's model chosen from the body useChat sent with it.
const pickerTransport = createCtxkitTransport({
  engine,
  sessionId: 'picker',
  model: ({ body }) => provider(body && 'model' in body ? String(body.model) : 'llama3.2'),
});
export const pickerChat = new Chat<CtxkitUIMessage>({ transport: pickerTransport });
export const sendWithModel = (text: string) =>
  pickerChat.sendMessage({ text }, { body: { model: 'qwen3:4b' } });

// The app's own AI SDK tools: in the catalog, run by the transport, and offered to a route by their catalog names.
const appTools = {
  read_file: tool({
    description: 'Read a file',
    inputSchema: jsonSchema<{ path: string }>({ type: 'object', properties: { path: { type: 'string' } } }),
    execute: async ({ path }) => readFile(path),
  }),
};
export const catalogEntries: Promise<ToolInput[]> = catalogTools(appTools, {
  server: 'files',
  tools: { read_file: { include: 'always', examples: ['read notes.txt'] } },
});
export const toolTransport = createCtxkitTransport({
  engine,
  sessionId: 'tools',
  model: provider('llama3.2'),
  runTool: toolRunnerOf(appTools, { server: 'files' }),
});
export function routeTools(prompt: string): PromiseLike<string> {
  return streamText({
    model: wrapLanguageModel({ model: provider('llama3.2'), middleware }),
    prompt,
    tools: functionNamedTools(appTools, { server: 'files' }),
  }).text;
}
