import {
  type ErrorIssue,
  formatCount,
  UnsupportedAttachmentError,
  ValidationError,
} from '../errors/index.js';
import { checkKnownFields, checkText, describe, isRecord } from '../validation/index.js';
import { base64ToBytes, bytesToBase64, parseDataUrl } from './base64.js';
import { readImageHeader } from './image-size.js';
import { countPdfPages } from './pdf-pages.js';
import { type Attachment, type AttachmentSource, IMAGE_MEDIA_TYPES, type ImageMediaType } from './types.js';

/** The largest attachment a message takes, in bytes (20 MiB): the most any provider takes inline in one request. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** The most attachments one message takes. */
export const MAX_ATTACHMENTS = 20;

const KNOWN = ['mediaType', 'data', 'url', 'name', 'width', 'height', 'pages', 'detail'] as const;
const TEXT_TYPES =
  /^(?:text\/[\w.+-]+|application\/(?:json|xml|yaml|x-yaml|x-ndjson|[\w.-]+\+(?:json|xml)))$/;

/** Whether a media type is read as a text file (sent as text, redacted, counted by the tokenizer). */
export function isTextMediaType(mediaType: string): boolean {
  return TEXT_TYPES.test(mediaType);
}

type Bytes = { readonly bytes: Uint8Array } | { readonly url: string } | null;

/** The content given: bytes (from `data`, or a `data:` URL in `url`), or a remote URL. Null after an issue. */
function contentOf(value: Record<string, unknown>, path: string, issues: ErrorIssue[]): Bytes {
  const { data, url } = value;
  if ((data === undefined) === (url === undefined)) {
    issues.push({
      path,
      message: 'must have either data (bytes or a data: URL) or url, not both or neither',
    });
    return null;
  }
  if (data instanceof Uint8Array) return { bytes: data };
  if (data instanceof ArrayBuffer) return { bytes: new Uint8Array(data) };
  const text = data ?? url;
  const where = data === undefined ? `${path}.url` : `${path}.data`;
  if (typeof text !== 'string') {
    issues.push({
      path: where,
      message: `must be bytes (Uint8Array, ArrayBuffer) or a data: URL, got ${describe(text)}`,
    });
    return null;
  }
  if (text.startsWith('data:')) {
    const parsed = parseDataUrl(text);
    if (!parsed) {
      issues.push({ path: where, message: 'is not a readable data: URL (base64 or percent-encoded)' });
      return null;
    }
    return { bytes: parsed.bytes };
  }
  if (data !== undefined || !/^https?:\/\/[^\s]+$/i.test(text)) {
    issues.push({
      path: where,
      message: `must be a data: URL${data === undefined ? ' or an http(s) URL' : ''}; a blob: URL lives in one tab only, read its bytes and pass them as data`,
    });
    return null;
  }
  return { url: text };
}

function positiveInteger(value: unknown, path: string, issues: ErrorIssue[]): value is number | undefined {
  if (value === undefined || (Number.isSafeInteger(value) && (value as number) > 0)) return true;
  issues.push({ path, message: `must be a whole number above 0, got ${describe(value)}` });
  return false;
}

function sourceOf(content: NonNullable<Bytes>): AttachmentSource {
  return 'url' in content
    ? { type: 'url', url: content.url }
    : { type: 'base64', data: bytesToBase64(content.bytes), bytes: content.bytes.length };
}

function checkOne(value: unknown, path: string, issues: ErrorIssue[]): Attachment | null {
  if (!isRecord(value)) {
    issues.push({
      path,
      message: `must be { mediaType, data } or { mediaType, url }, got ${describe(value)}`,
    });
    return null;
  }
  const before = issues.length;
  checkKnownFields(value, KNOWN, path, issues);
  checkText(value.name, `${path}.name`, issues, { optional: true, maxLength: 500 });
  const { width, height, pages, detail } = value;
  positiveInteger(width, `${path}.width`, issues);
  positiveInteger(height, `${path}.height`, issues);
  positiveInteger(pages, `${path}.pages`, issues);
  if (detail !== undefined && detail !== 'low' && detail !== 'high' && detail !== 'auto')
    issues.push({
      path: `${path}.detail`,
      message: `must be 'low', 'high' or 'auto', got ${describe(detail)}`,
    });
  if (typeof value.mediaType !== 'string' || !/^[a-z]+\/[\w.+-]+$/i.test(value.mediaType)) {
    issues.push({
      path: `${path}.mediaType`,
      message: `must be a media type such as 'image/png', got ${describe(value.mediaType)}`,
    });
    return null;
  }
  const mediaType = value.mediaType.toLowerCase();
  const isImage = (IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);
  const isText = isTextMediaType(mediaType);
  if (!isImage && !isText && mediaType !== 'application/pdf')
    throw new UnsupportedAttachmentError(
      path,
      mediaType,
      'ctxkit',
      'ctxkit sends images (PNG, JPEG, GIF, WebP), PDFs and text files',
    );
  const content = contentOf(value, path, issues);
  if (!content || issues.length > before) return null;
  if ('bytes' in content && content.bytes.length > MAX_ATTACHMENT_BYTES) {
    issues.push({
      path: `${path}.data`,
      message: `is ${formatCount(content.bytes.length)} bytes; at most ${formatCount(MAX_ATTACHMENT_BYTES)} are taken`,
    });
    return null;
  }
  const name = value.name === undefined ? {} : { name: value.name as string };

  if (isText) {
    if (!('bytes' in content)) {
      issues.push({
        path: `${path}.url`,
        message: 'a text file must be given as data: ctxkit fetches nothing',
      });
      return null;
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(content.bytes);
    } catch {
      issues.push({ path: `${path}.data`, message: `is not UTF-8 text, as ${mediaType} must be` });
      return null;
    }
    return { kind: 'text', mediaType, ...name, text };
  }

  if (mediaType === 'application/pdf') {
    let counted: { pages: number; from: 'host' | 'file' | 'size' };
    if (pages !== undefined) counted = { pages: pages as number, from: 'host' };
    else if ('bytes' in content) {
      if (!isPdf(content.bytes)) {
        issues.push({ path: `${path}.data`, message: 'is not a PDF (it does not start with %PDF-)' });
        return null;
      }
      counted = countPdfPages(content.bytes);
    } else {
      issues.push({
        path: `${path}.pages`,
        message: 'must be given for a PDF at a URL: ctxkit fetches nothing',
      });
      return null;
    }
    return {
      kind: 'document',
      mediaType,
      ...name,
      pages: counted.pages,
      pagesFrom: counted.from,
      source: sourceOf(content),
    };
  }

  let size: { width?: number; height?: number } = {};
  if ('bytes' in content) {
    const header = readImageHeader(content.bytes);
    if (!header) {
      issues.push({ path: `${path}.data`, message: `is not a PNG, JPEG, GIF or WebP image` });
      return null;
    }
    if (header.mediaType !== mediaType) {
      issues.push({
        path: `${path}.mediaType`,
        message: `says ${mediaType}, but the data is ${header.mediaType}`,
      });
      return null;
    }
    if (
      (width !== undefined && width !== header.width) ||
      (height !== undefined && height !== header.height)
    ) {
      issues.push({
        path: `${path}.width`,
        message: `the image's own header says ${header.width}×${header.height}, not ${describe(width)}×${describe(height)}`,
      });
      return null;
    }
    size = { width: header.width, height: header.height };
  } else if ((width === undefined) !== (height === undefined)) {
    issues.push({
      path: `${path}.${width === undefined ? 'width' : 'height'}`,
      message: 'width and height go together',
    });
    return null;
  } else if (width !== undefined) size = { width: width as number, height: height as number };
  return {
    kind: 'image',
    mediaType: mediaType as ImageMediaType,
    ...name,
    ...size,
    ...(detail !== undefined && { detail: detail as 'low' | 'high' | 'auto' }),
    source: sourceOf(content),
  };
}

/**
 * Checks one attachment where a sibling package received it (`messages[2].parts[1]`): a malformed one adds issues
 * naming that path; a kind ctxkit sends nowhere throws an UnsupportedAttachmentError naming it.
 */
export function checkAttachment(value: unknown, path: string, issues: ErrorIssue[]): void {
  checkOne(value, path, issues);
}

function isPdf(bytes: Uint8Array): boolean {
  return String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}

/**
 * A message's attachments, checked and in their stored form: images with their size read from their own header,
 * PDFs with their pages, text files decoded. A malformed one is a ValidationError naming its path
 * (`attachments[1].mediaType`); a kind ctxkit sends to no provider is an UnsupportedAttachmentError.
 */
export function checkAttachments(value: unknown, path = 'attachments'): Attachment[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    throw new ValidationError('Invalid attachments', [
      { path, message: `must be an array, got ${describe(value)}` },
    ]);
  if (value.length > MAX_ATTACHMENTS)
    throw new ValidationError('Invalid attachments', [
      { path, message: `holds ${value.length} attachments; at most ${MAX_ATTACHMENTS} are taken` },
    ]);
  const issues: ErrorIssue[] = [];
  const out: Attachment[] = [];
  value.forEach((entry, i) => {
    const attachment = checkOne(entry, `${path}[${i}]`, issues);
    if (attachment) out.push(attachment);
  });
  if (issues.length > 0) throw new ValidationError('Invalid attachments', issues);
  return out;
}

/** The bytes of a stored base64 source (for a thumbnail's blob URL, or a host's own upload). */
export function attachmentBytes(source: AttachmentSource): Uint8Array | null {
  return source.type === 'base64' ? base64ToBytes(source.data) : null;
}
