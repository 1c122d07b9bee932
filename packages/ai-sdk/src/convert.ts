import {
  type AttachmentInput,
  checkAttachment,
  type ErrorIssue,
  type OpenAIChatRequest,
  type OpenAIContentPart,
  type ToolCall,
  UnsupportedAttachmentError,
} from '@ctxkit/core';
import type { LanguageModelMiddleware, UIMessage } from 'ai';

// The AI SDK's language-model types, read from the middleware type `ai` exports (so this package needs no other
// AI SDK package): the call options, the prompt, its tools, and what a model returns.
type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>;
export type CallOptions = Parameters<TransformParams>[0]['params'];
export type ModelPrompt = CallOptions['prompt'];
export type PromptMessage = ModelPrompt[number];
export type CallTool = NonNullable<CallOptions['tools']>[number];
export type FunctionTool = Extract<CallTool, { type: 'function' }>;
type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
export type StreamResult = Awaited<ReturnType<WrapStream>>;
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer P> ? P : never;

/** Parses a tool call's JSON arguments into the object ctxkit records; anything else is kept under `input`. */
export function argumentsObject(input: unknown): ToolCall['arguments'] {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = input.trim() === '' ? {} : JSON.parse(input);
    } catch {
      return { input };
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as ToolCall['arguments'])
    : { input: value as ToolCall['arguments'][string] };
}

type UserPart = Extract<PromptMessage, { role: 'user' }>['content'][number];

/** A data URL's media type and base64 payload; null for any other URL. */
function splitDataUrl(url: string): { mediaType: string; data: string } | null {
  const match = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] as string, data: match[2] as string } : null;
}

/**
 * A part of ctxkit's planned user message as the AI SDK's: text as text; an image or a PDF as a `file` part with
 * its media type (an image at a URL is `image/*`: the URL says no more) and its base64 data or URL.
 */
function userPartOf(part: OpenAIContentPart, bare: boolean): UserPart {
  const part4 = userPartOfV4(part);
  if (!bare || part4.type !== 'file') return part4;
  // Specification V2 and V3 (AI SDK 5 and 6) hold a file's data bare: base64 text, bytes or a URL. The prompt is
  // typed after V4, the version this package is built against, so the bare shape is cast into it.
  const data = part4.data;
  const value = data.type === 'url' ? data.url : data.type === 'data' ? data.data : data;
  return { ...part4, data: value } as unknown as UserPart;
}

function userPartOfV4(part: OpenAIContentPart): UserPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image_url': {
      const inline = splitDataUrl(part.image_url.url);
      return inline
        ? { type: 'file', mediaType: inline.mediaType, data: { type: 'data', data: inline.data } }
        : { type: 'file', mediaType: 'image/*', data: { type: 'url', url: new URL(part.image_url.url) } };
    }
    case 'file': {
      const inline = splitDataUrl(part.file.file_data);
      return {
        type: 'file',
        mediaType: inline?.mediaType ?? 'application/pdf',
        data: { type: 'data', data: inline?.data ?? part.file.file_data },
        filename: part.file.filename,
      };
    }
  }
}

/**
 * The `file` parts of the user's UI message (useChat's attachments: `{ type: 'file', mediaType, url, filename }`)
 * as ctxkit attachments. One ctxkit cannot send is an issue (or an UnsupportedAttachmentError) naming
 * `messages[i].parts[j]`.
 */
export function attachmentsOfUiMessage(
  message: UIMessage,
  path: string,
  issues: ErrorIssue[],
): AttachmentInput[] {
  const attachments: AttachmentInput[] = [];
  message.parts.forEach((part, j) => {
    if (part.type !== 'file') return;
    const attachment: AttachmentInput = {
      mediaType: part.mediaType,
      url: part.url,
      ...(part.filename !== undefined && { name: part.filename }),
    };
    checkAttachment(attachment, `${path}.parts[${j}]`, issues);
    attachments.push(attachment);
  });
  return attachments;
}

type FileData = Extract<UserPart, { type: 'file' }>['data'];

/** A file's data in V4's tagged shape, also when a V2 or V3 model call (AI SDK 5, 6) holds it bare. */
function taggedFileData(data: unknown): FileData {
  if (data instanceof URL) return { type: 'url', url: data };
  if (typeof data === 'string' || data instanceof Uint8Array) return { type: 'data', data };
  return data as FileData;
}

/** The `file` parts of a user message of a model prompt (middleware) as ctxkit attachments, checked the same way. */
export function attachmentsOfPrompt(
  message: PromptMessage | undefined,
  path: string,
  issues: ErrorIssue[],
): AttachmentInput[] {
  if (message?.role !== 'user') return [];
  const attachments: AttachmentInput[] = [];
  message.content.forEach((part, j) => {
    if (part.type !== 'file') return;
    const { mediaType } = part;
    const data = taggedFileData(part.data);
    let content: Pick<AttachmentInput, 'data' | 'url'>;
    if (data.type === 'url') content = { url: data.url.href };
    else if (data.type === 'text') content = { data: new TextEncoder().encode(data.text) };
    else if (data.type === 'data')
      content = {
        data:
          typeof data.data !== 'string' || data.data.startsWith('data:')
            ? data.data
            : `data:${mediaType};base64,${data.data}`,
      };
    else
      throw new UnsupportedAttachmentError(
        `${path}.content[${j}]`,
        mediaType,
        'ai-sdk',
        'a provider file reference holds nothing ctxkit can count or store; send the file itself',
      );
    const attachment: AttachmentInput = {
      mediaType,
      ...content,
      ...(part.filename !== undefined && { name: part.filename }),
    };
    checkAttachment(attachment, `${path}.content[${j}]`, issues);
    attachments.push(attachment);
  });
  return attachments;
}

/** ctxkit's planned request (an OpenAI Chat Completions body) as the AI SDK's prompt. */
/**
 * ctxkit's planned request as the AI SDK's prompt. `bareFiles`: a file's data as specification V2 and V3 (AI SDK 5
 * and 6) hold it, and as every major's `ModelMessage` takes it; otherwise V4's tagged shape.
 */
export function promptOfRequest(request: OpenAIChatRequest, { bareFiles = false } = {}): ModelPrompt {
  const names = new Map<string, string>();
  const prompt: ModelPrompt = [];
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content });
        break;
      case 'user':
        prompt.push({
          role: 'user',
          content:
            typeof message.content === 'string'
              ? [{ type: 'text', text: message.content }]
              : message.content.map((part) => userPartOf(part, bareFiles)),
        });
        break;
      case 'assistant': {
        const content: Extract<PromptMessage, { role: 'assistant' }>['content'] = [];
        if (message.content) content.push({ type: 'text', text: message.content });
        for (const call of message.tool_calls ?? []) {
          names.set(call.id, call.function.name);
          content.push({
            type: 'tool-call',
            toolCallId: call.id,
            toolName: call.function.name,
            input: argumentsObject(call.function.arguments),
          });
        }
        prompt.push({ role: 'assistant', content });
        break;
      }
      case 'tool': {
        const part = {
          type: 'tool-result' as const,
          toolCallId: message.tool_call_id,
          toolName: names.get(message.tool_call_id) ?? 'unknown',
          output: { type: 'text' as const, value: message.content },
        };
        // Results of one call's batch travel in one tool message, as the AI SDK writes them.
        const last = prompt[prompt.length - 1];
        if (last?.role === 'tool') last.content.push(part);
        else prompt.push({ role: 'tool', content: [part] });
        break;
      }
    }
  }
  return prompt;
}

/** The tools of ctxkit's planned request, as the AI SDK's function tools. */
export function toolsOfRequest(request: OpenAIChatRequest): FunctionTool[] {
  return (request.tools ?? []).map((tool) => ({
    type: 'function',
    name: tool.function.name,
    description: tool.function.description,
    inputSchema: tool.function.parameters as FunctionTool['inputSchema'],
  }));
}
