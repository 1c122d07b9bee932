import {
  type Attachment,
  dataUrlOf,
  formatTextAttachment,
  type ImageAttachment,
  type ImageMediaType,
} from '../attachments/index.js';
import { formatCount, UnsupportedAttachmentError } from '../errors/index.js';
import type { UserMessage } from '../session/index.js';

// Each provider's part shapes for a message's attachments. What a provider's request cannot carry is refused with
// an UnsupportedAttachmentError that names the message and the attachment; nothing is left out silently.

/** Where an attachment is, for an error: its message and its position there. */
function where(message: UserMessage, index: number): string {
  return `message '${message.id}' attachments[${index}]`;
}

export type OpenAIAttachmentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } }
  | { type: 'file'; file: { filename: string; file_data: string } };

/** Chat Completions: images as `image_url` (data or https URL), PDFs as `file` with their data, text files as text. */
export function openaiAttachmentParts(message: UserMessage): OpenAIAttachmentPart[] {
  return (message.attachments ?? []).map((attachment, i) => openaiPart(attachment, message, i));
}

function openaiPart(attachment: Attachment, message: UserMessage, i: number): OpenAIAttachmentPart {
  switch (attachment.kind) {
    case 'text':
      return { type: 'text', text: formatTextAttachment(attachment) };
    case 'image': {
      const { source } = attachment;
      const url = source.type === 'url' ? source.url : dataUrlOf(attachment.mediaType, source.data);
      return {
        type: 'image_url',
        image_url: { url, ...(attachment.detail !== undefined && { detail: attachment.detail }) },
      };
    }
    case 'document':
      if (attachment.source.type === 'url')
        throw new UnsupportedAttachmentError(
          where(message, i),
          attachment.mediaType,
          'openai-chat',
          'Chat Completions takes a PDF as data only; pass its bytes instead of a URL',
        );
      return {
        type: 'file',
        file: {
          filename: attachment.name ?? 'document.pdf',
          file_data: dataUrlOf(attachment.mediaType, attachment.source.data),
        },
      };
  }
}

/** Anthropic's limits on one image: 5 MB of data, 8000 px a side. */
export const ANTHROPIC_IMAGE_LIMITS = { bytes: 5 * 1024 * 1024, side: 8000 } as const;

export type AnthropicAttachmentBlock =
  | { type: 'text'; text: string }
  | {
      type: 'image';
      source: { type: 'base64'; media_type: ImageMediaType; data: string } | { type: 'url'; url: string };
    }
  | {
      type: 'document';
      source: { type: 'base64'; media_type: 'application/pdf'; data: string } | { type: 'url'; url: string };
      title?: string;
    };

function anthropicImage(
  image: ImageAttachment,
  message: UserMessage,
  index: number,
): AnthropicAttachmentBlock {
  const { source } = image;
  const side = Math.max(image.width ?? 0, image.height ?? 0);
  const tooLarge =
    source.type === 'base64' && source.bytes > ANTHROPIC_IMAGE_LIMITS.bytes
      ? `it is ${formatCount(source.bytes)} bytes, above Anthropic's 5 MB an image`
      : side > ANTHROPIC_IMAGE_LIMITS.side
        ? `it is ${formatCount(side)} px on a side, above Anthropic's 8,000`
        : null;
  if (tooLarge)
    throw new UnsupportedAttachmentError(where(message, index), image.mediaType, 'anthropic', tooLarge);
  return {
    type: 'image',
    source:
      source.type === 'url'
        ? { type: 'url', url: source.url }
        : { type: 'base64', media_type: image.mediaType, data: source.data },
  };
}

/** Anthropic Messages: `image` and `document` blocks (base64 or URL source), text files as text blocks. */
export function anthropicAttachmentBlocks(message: UserMessage): AnthropicAttachmentBlock[] {
  return (message.attachments ?? []).map((attachment, i) => anthropicBlock(attachment, message, i));
}

function anthropicBlock(attachment: Attachment, message: UserMessage, i: number): AnthropicAttachmentBlock {
  switch (attachment.kind) {
    case 'text':
      return { type: 'text', text: formatTextAttachment(attachment) };
    case 'image':
      return anthropicImage(attachment, message, i);
    case 'document': {
      const { source } = attachment;
      return {
        type: 'document',
        source:
          source.type === 'url'
            ? { type: 'url', url: source.url }
            : { type: 'base64', media_type: attachment.mediaType, data: source.data },
        ...(attachment.name !== undefined && { title: attachment.name }),
      };
    }
  }
}
