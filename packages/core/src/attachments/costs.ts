import type { Attachment, AttachmentCosts, DocumentAttachment, ImageAttachment } from './types.js';

// Each provider's documented way of counting an image or a PDF (sources and worked examples in
// docs/attachments.md). Where a provider documents no exact count, the estimate errs high, and the docs say so.

/** OpenAI: `low` detail is a flat 85; `high` fits the image in 2048×2048, then its shortest side to 768, then 170 a 512-px tile plus 85. */
export function openaiImageTokens(
  width: number,
  height: number,
  detail: 'low' | 'high' | 'auto' = 'auto',
): number {
  if (detail === 'low') return 85;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortest = Math.min(1, 768 / Math.min(w, h));
  w *= shortest;
  h *= shortest;
  return 170 * Math.ceil(Math.round(w) / 512) * Math.ceil(Math.round(h) / 512) + 85;
}

/** Anthropic's cap: an image above 1,568 px on its long edge, or above about 1,600 tokens, is scaled down first. */
const ANTHROPIC_LONG_EDGE = 1568;
const ANTHROPIC_MAX_TOKENS = 1600;

/** Anthropic: about width × height / 750, after the image is scaled down to its size limits. */
export function anthropicImageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const edge = Math.min(1, ANTHROPIC_LONG_EDGE / Math.max(w, h));
  w *= edge;
  h *= edge;
  const area = Math.min(1, Math.sqrt((ANTHROPIC_MAX_TOKENS * 750) / (w * h)));
  w *= area;
  h *= area;
  return Math.min(ANTHROPIC_MAX_TOKENS, Math.ceil((Math.round(w) * Math.round(h)) / 750));
}

/** Gemini: 258 for an image of at most 384 px a side; a larger one is cut in 768 × 768 tiles of 258 each. */
export function geminiImageTokens(width: number, height: number): number {
  if (width <= 384 && height <= 384) return 258;
  return 258 * Math.ceil(width / 768) * Math.ceil(height / 768);
}

/**
 * An image whose size ctxkit does not know (a URL the host gave no size for) costs what the largest image costs:
 * OpenAI 1,445 (768 × 2048 at high detail), Anthropic 1,600 (its cap); Gemini documents no cap, so 3072 × 3072 (16
 * tiles) is assumed.
 */
const UNKNOWN_SIZE: Readonly<Record<AttachmentCosts, number>> = {
  openai: 1445,
  anthropic: ANTHROPIC_MAX_TOKENS,
  gemini: 258 * 16,
};

export function imageTokens(image: ImageAttachment, costs: AttachmentCosts): number {
  const { width, height } = image;
  if (costs === 'openai' && image.detail === 'low') return 85;
  if (width === undefined || height === undefined) return UNKNOWN_SIZE[costs];
  switch (costs) {
    case 'openai':
      return openaiImageTokens(width, height, image.detail);
    case 'anthropic':
      return anthropicImageTokens(width, height);
    case 'gemini':
      return geminiImageTokens(width, height);
  }
}

/**
 * A PDF page: Gemini documents 258. Anthropic documents 1,500–3,000 tokens of text a page plus the page as an image
 * (at most 1,600): 4,600, the top of that range. OpenAI sends a page's text and its image and documents no count:
 * 765 for the image (a page at high detail) plus 735 for its text, 1,500.
 */
export const PDF_PAGE_TOKENS: Readonly<Record<AttachmentCosts, number>> = {
  openai: 1500,
  anthropic: 3000 + ANTHROPIC_MAX_TOKENS,
  gemini: 258,
};

export function documentTokens(document: DocumentAttachment, costs: AttachmentCosts): number {
  return document.pages * PDF_PAGE_TOKENS[costs];
}

/**
 * What an attachment costs in a request: an image or a PDF by the provider's rules, a text file as the text the
 * renderers send (`countText` is the engine's tokenizer).
 */
export function attachmentTokens(
  attachment: Attachment,
  costs: AttachmentCosts,
  countText: (text: string) => number,
): number {
  switch (attachment.kind) {
    case 'image':
      return imageTokens(attachment, costs);
    case 'document':
      return documentTokens(attachment, costs);
    case 'text':
      return countText(formatTextAttachment(attachment));
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A text file as every renderer sends it: a text part of its own, named, so the model can tell it from the message. */
export function formatTextAttachment(attachment: {
  readonly name?: string;
  readonly mediaType: string;
  readonly text: string;
}): string {
  const name = attachment.name === undefined ? '' : ` name="${escapeAttribute(attachment.name)}"`;
  return `<file${name} type="${escapeAttribute(attachment.mediaType)}">\n${attachment.text}\n</file>`;
}
