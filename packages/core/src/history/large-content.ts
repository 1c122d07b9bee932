import type { LargeContentOptions } from './types.js';

/** How a stored piece of content is named in messages and requests: `ctxkit:blob/<32 hex digits>`. */
export const BLOB_REF_PREFIX = 'ctxkit:blob/';
const REF = /ctxkit:blob\/([0-9a-f]{32})/g;
const DATA_URL = /data:([a-z]+\/[\w.+-]+)((?:;[\w.+-]+=[\w.+-]+)*)(;base64)?,[A-Za-z0-9+/=%._~-]*/gi;

export interface CompactedText {
  readonly text: string;
  /** Content now referred to by hash, to be written with the turn. */
  readonly blobs: ReadonlyMap<string, string>;
}

/** The blob references in a text, each once, in order of appearance. */
export function findBlobRefs(text: string): string[] {
  return [...new Set([...text.matchAll(REF)].map((match) => match[0]))];
}

/** The hash a reference names, or null when the text is not a blob reference. */
export function blobHashOf(ref: string): string | null {
  const match = /^(?:ctxkit:blob\/)?([0-9a-f]{32})$/.exec(ref.trim());
  return match ? (match[1] as string) : null;
}

/** SHA-256 (first 128 bits, hex): the same content always gets the same reference, in every tab and worker. */
export async function blobHash(content: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  return Array.from(new Uint8Array(digest).subarray(0, 16), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function headOf(text: string, length: number): string {
  let end = Math.min(length, text.length);
  // Never end on the first half of a surrogate pair.
  if (end > 0 && end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/**
 * Replaces data URLs (and, for tool output, the whole text when it is oversized) by references to content stored
 * once. A tool output keeps a preview of its start, so the model still sees what it is.
 */
export async function compactText(
  text: string,
  settings: Required<LargeContentOptions>,
  toolOutput: boolean,
): Promise<CompactedText> {
  const blobs = new Map<string, string>();
  let compact = text;
  // Longest first, so a URL that happens to start another is not replaced inside it.
  const urls = [...new Set([...text.matchAll(DATA_URL)].map((match) => match[0]))]
    .filter((url) => url.length >= settings.dataUrlChars)
    .sort((a, b) => b.length - a.length);
  for (const url of urls) {
    const hash = await blobHash(url);
    blobs.set(hash, url);
    const mime = (/^data:([^;,]+)/.exec(url)?.[1] ?? 'data').toLowerCase();
    compact = compact
      .split(url)
      .join(`[${mime} data URL, ${url.length} characters: ${BLOB_REF_PREFIX}${hash}]`);
  }
  if (toolOutput && compact.length > settings.toolOutputChars) {
    const hash = await blobHash(compact);
    blobs.set(hash, compact);
    const preview = headOf(compact, settings.previewChars);
    compact = `${preview}\n[… ${compact.length} characters in all: ${BLOB_REF_PREFIX}${hash}]`;
  }
  return { text: compact, blobs };
}
