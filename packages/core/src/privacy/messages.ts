import type { JsonValue } from '../catalog/index.js';
import { frozenJsonCopy } from '../json/index.js';
import type { ChatMessage, MessageRedaction, ModelReply, ToolCall } from '../session/index.js';
import type { Redactor } from './redactor.js';

type Found = MessageRedaction[];

function redactField(redactor: Redactor, text: string, field: string, found: Found): string {
  const result = redactor.redact(text);
  for (const { kind, markerStart, markerEnd } of result.redactions) {
    found.push({ kind, field, start: markerStart, end: markerEnd });
  }
  return result.text;
}

/** Redacts every string of a JSON value (not its keys); the same value back when nothing was found. */
export function redactJson(redactor: Redactor, value: JsonValue, path: string, found: Found): JsonValue {
  if (typeof value === 'string') return redactField(redactor, value, path, found);
  if (value === null || typeof value !== 'object') return value;
  const before = found.length;
  if (Array.isArray(value)) {
    const items = value.map((item, i) => redactJson(redactor, item, `${path}[${i}]`, found));
    return found.length === before ? value : items;
  }
  const entries = Object.entries(value).map(
    ([key, entry]) => [key, redactJson(redactor, entry, propertyPath(path, key), found)] as const,
  );
  return found.length === before ? value : Object.fromEntries(entries);
}

function propertyPath(path: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function redactReply(redactor: Redactor, reply: ModelReply, found: Found): ModelReply {
  const content = redactField(redactor, reply.content, 'content', found);
  const toolCalls = reply.toolCalls?.map(
    (call, i): ToolCall => ({
      ...call,
      arguments: redactJson(
        redactor,
        call.arguments,
        `toolCalls[${i}].arguments`,
        found,
      ) as ToolCall['arguments'],
    }),
  );
  return { ...reply, content, ...(toolCalls && { toolCalls }) };
}

/**
 * The message with every secret in its text replaced by a marker: the content of user, tool and note messages;
 * a reply's content and every string in its tool calls' arguments. What was replaced is listed in `redactions`
 * (field and marker position, never the secret). The same object when nothing was found.
 */
export function redactMessage<M extends ChatMessage>(redactor: Redactor, message: M): M {
  if (!redactor.enabled) return message;
  const found: Found = [];
  const redacted =
    message.role === 'assistant'
      ? { ...message, modelReply: redactReply(redactor, message.modelReply, found) }
      : { ...message, content: redactField(redactor, message.content, 'content', found) };
  // A text file is text like the message; images and PDFs are never read, so never touched.
  if (message.role === 'user' && message.attachments) {
    const before = found.length;
    const attachments = message.attachments.map((attachment, i) =>
      attachment.kind === 'text'
        ? { ...attachment, text: redactField(redactor, attachment.text, `attachments[${i}].text`, found) }
        : attachment,
    );
    if (found.length > before) (redacted as { attachments?: unknown }).attachments = attachments;
  }
  if (found.length === 0) return message;
  return frozenJsonCopy({ ...redacted, redactions: [...(message.redactions ?? []), ...found] });
}
