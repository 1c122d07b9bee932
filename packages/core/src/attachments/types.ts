/** The image formats every provider renderer takes, read from their own headers. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
export const IMAGE_MEDIA_TYPES: readonly ImageMediaType[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
];

/** How an attachment's tokens are counted: by the documented rules of the provider the requests go to. */
export type AttachmentCosts = 'openai' | 'anthropic' | 'gemini';
export const ATTACHMENT_COSTS: readonly AttachmentCosts[] = ['openai', 'anthropic', 'gemini'];

/**
 * An attachment as a host hands it to `session.prepare`: its media type, and either its bytes (`data`: bytes, an
 * ArrayBuffer or a `data:` URL) or a URL the provider fetches (`url`: `https:`/`http:`, or a `data:` URL).
 */
export interface AttachmentInput {
  readonly mediaType: string;
  readonly data?: Uint8Array | ArrayBuffer | string;
  readonly url?: string;
  /** The file name people see (and the provider gets, for files). */
  readonly name?: string;
  /** An image's size in pixels: needed for a URL image to be counted exactly (ctxkit fetches nothing). */
  readonly width?: number;
  readonly height?: number;
  /** A PDF's page count, when the host knows it better than the file's own page tree. */
  readonly pages?: number;
  /** OpenAI's image detail: `low` costs a flat 85 tokens. Default `auto` (counted as `high`). */
  readonly detail?: 'low' | 'high' | 'auto';
}

/** Where an image's or a document's content is: in the message (base64) or at a URL the provider fetches. */
export type AttachmentSource =
  | { readonly type: 'base64'; readonly data: string; readonly bytes: number }
  | { readonly type: 'url'; readonly url: string };

/** An image: its size read from its own header (or given by the host for a URL image; absent when unknown). */
export interface ImageAttachment {
  readonly kind: 'image';
  readonly mediaType: ImageMediaType;
  readonly name?: string;
  readonly width?: number;
  readonly height?: number;
  readonly detail?: 'low' | 'high' | 'auto';
  readonly source: AttachmentSource;
}

/** A PDF: its pages, and where that count came from (the host, the file's page tree, or its size). */
export interface DocumentAttachment {
  readonly kind: 'document';
  readonly mediaType: 'application/pdf';
  readonly name?: string;
  readonly pages: number;
  readonly pagesFrom: 'host' | 'file' | 'size';
  readonly source: AttachmentSource;
}

/** A text file (plain text, Markdown, CSV, JSON, …), decoded as UTF-8: sent as text, redacted like the message. */
export interface TextAttachment {
  readonly kind: 'text';
  readonly mediaType: string;
  readonly name?: string;
  readonly text: string;
}

/** An attachment as stored with its user message and planned with its turn. */
export type Attachment = ImageAttachment | DocumentAttachment | TextAttachment;
