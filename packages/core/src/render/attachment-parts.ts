import {
  type Attachment,
  type AttachmentSource,
  type DocumentAttachment,
  dataUrlOf,
  formatTextAttachment,
  type ImageAttachment,
  type ImageMediaType,
} from '../attachments/index.js';
import { formatCount, UnsupportedAttachmentError } from '../errors/index.js';
import type { UserMessage } from '../session/index.js';

// Each provider's part shapes for a message's attachments. What a provider's request cannot carry is refused with
// an UnsupportedAttachmentError that names the message and the attachment; nothing is left out silently.

/** A provider's part for one attachment of a binary kind (text files are a text part for every provider). */
type PartOf<P> = (attachment: ImageAttachment | DocumentAttachment, where: () => string) => P;

/** Each attachment of the message as a provider's part, in order; `where` names it for an error. */
function partsOf<P>(message: UserMessage, part: PartOf<P>): (P | { type: 'text'; text: string })[] {
  return (message.attachments ?? []).map((attachment: Attachment, index) =>
    attachment.kind === 'text'
      ? { type: 'text', text: formatTextAttachment(attachment) }
      : part(attachment, () => `message '${message.id}' attachments[${index}]`),
  );
}

export type OpenAIAttachmentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } }
  | { type: 'file'; file: { filename: string; file_data: string } };

/** Chat Completions: images as `image_url` (data or https URL), PDFs as `file` with their data, text files as text. */
export function openaiAttachmentParts(message: UserMessage): OpenAIAttachmentPart[] {
  return partsOf<OpenAIAttachmentPart>(message, (attachment, where) => {
    const { source } = attachment;
    if (attachment.kind === 'image') {
      const url = source.type === 'url' ? source.url : dataUrlOf(attachment.mediaType, source.data);
      return {
        type: 'image_url',
        image_url: { url, ...(attachment.detail !== undefined && { detail: attachment.detail }) },
      };
    }
    if (source.type === 'url')
      throw new UnsupportedAttachmentError(
        where(),
        attachment.mediaType,
        'openai-chat',
        'Chat Completions takes a PDF as data only; pass its bytes instead of a URL',
      );
    return {
      type: 'file',
      file: {
        filename: attachment.name ?? 'document.pdf',
        file_data: dataUrlOf(attachment.mediaType, source.data),
      },
    };
  });
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

/** Why Anthropic refuses an image, or null: its bytes or its longest side over the limits. */
function anthropicRefusal(image: ImageAttachment): string | null {
  const { source } = image;
  const side = Math.max(image.width ?? 0, image.height ?? 0);
  if (source.type === 'base64' && source.bytes > ANTHROPIC_IMAGE_LIMITS.bytes)
    return `it is ${formatCount(source.bytes)} bytes, above Anthropic's 5 MB an image`;
  if (side > ANTHROPIC_IMAGE_LIMITS.side)
    return `it is ${formatCount(side)} px on a side, above Anthropic's 8,000`;
  return null;
}

/** A URL as given, bytes as base64 with their media type: Anthropic's source for an image and a document alike. */
function anthropicSource<M extends string>(
  source: AttachmentSource,
  mediaType: M,
): { type: 'base64'; media_type: M; data: string } | { type: 'url'; url: string } {
  return source.type === 'url'
    ? { type: 'url', url: source.url }
    : { type: 'base64', media_type: mediaType, data: source.data };
}

/** Anthropic Messages: `image` and `document` blocks (base64 or URL source), text files as text blocks. */
export function anthropicAttachmentBlocks(message: UserMessage): AnthropicAttachmentBlock[] {
  return partsOf<AnthropicAttachmentBlock>(message, (attachment, where) => {
    if (attachment.kind === 'document')
      return {
        type: 'document',
        source: anthropicSource(attachment.source, attachment.mediaType),
        ...(attachment.name !== undefined && { title: attachment.name }),
      };
    const refusal = anthropicRefusal(attachment);
    if (refusal) throw new UnsupportedAttachmentError(where(), attachment.mediaType, 'anthropic', refusal);
    return { type: 'image', source: anthropicSource(attachment.source, attachment.mediaType) };
  });
}
