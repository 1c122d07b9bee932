import { describe, expect, test } from 'vitest';
import { isCtxkitError, UnsupportedAttachmentError, ValidationError } from '../errors/index.js';
import { dataUrl, gif, jpeg, pdf, png, webp } from './images.fixtures.js';
import {
  type Attachment,
  anthropicImageTokens,
  attachmentTokens,
  base64ToBytes,
  bytesToBase64,
  checkAttachments,
  countPdfPages,
  formatTextAttachment,
  geminiImageTokens,
  imageTokens,
  MAX_ATTACHMENT_BYTES,
  openaiImageTokens,
  readImageHeader,
} from './index.js';

describe('readImageHeader', () => {
  test.each([
    ['image/png', png(37, 5)],
    ['image/gif', gif(37, 5)],
    ['image/jpeg', jpeg(37, 5)],
    ['image/jpeg', jpeg(37, 5, 0xc2)],
    ['image/webp', webp(37, 5, 'VP8L')],
    ['image/webp', webp(37, 5, 'VP8 ')],
    ['image/webp', webp(37, 5, 'VP8X')],
  ])('reads %s of 37×5 from its own header', (mediaType, bytes) => {
    expect(readImageHeader(bytes)).toEqual({ mediaType, width: 37, height: 5 });
  });

  test('reads sizes beyond one byte, and large ones', () => {
    expect(readImageHeader(png(300, 2))).toMatchObject({ width: 300, height: 2 });
    expect(readImageHeader(jpeg(4032, 3024))).toMatchObject({ width: 4032, height: 3024 });
    expect(readImageHeader(webp(16383, 2, 'VP8L'))).toMatchObject({ width: 16383, height: 2 });
    expect(readImageHeader(webp(20000, 9000, 'VP8X'))).toMatchObject({ width: 20000, height: 9000 });
  });

  test('skips a JPEG huffman table marker, which shares the frame markers range', () => {
    const bytes = jpeg(10, 20);
    // Put a DHT (0xc4) segment before the frame: its bytes must not be read as a size.
    const dht = [0xff, 0xc4, 0x00, 0x06, 0x00, 0x09, 0x09, 0x09];
    const withDht = new Uint8Array([...bytes.subarray(0, 2), ...dht, ...bytes.subarray(2)]);
    expect(readImageHeader(withDht)).toMatchObject({ width: 10, height: 20 });
  });

  test('gives null for bytes that are no image, or a cut-off header', () => {
    expect(readImageHeader(new TextEncoder().encode('hello world, not an image at all'))).toBeNull();
    expect(readImageHeader(png(3, 3).subarray(0, 20))).toBeNull();
    expect(readImageHeader(jpeg(3, 3).subarray(0, 30))).toBeNull();
    expect(readImageHeader(new Uint8Array())).toBeNull();
  });
});

describe('image costs, by the providers’ worked examples', () => {
  test('OpenAI: low detail is 85 whatever the size', () => {
    expect(openaiImageTokens(4096, 8192, 'low')).toBe(85);
  });
  test('OpenAI: 1024×1024 at high detail is scaled to 768×768, 4 tiles: 765', () => {
    expect(openaiImageTokens(1024, 1024, 'high')).toBe(765);
  });
  test('OpenAI: 2048×4096 fits 1024×2048, then 768×1536, 6 tiles: 1105', () => {
    expect(openaiImageTokens(2048, 4096, 'high')).toBe(1105);
  });
  test('OpenAI: a small image is not scaled up: one tile, 255; auto counts as high', () => {
    expect(openaiImageTokens(100, 100)).toBe(255);
    expect(openaiImageTokens(1024, 1024, 'auto')).toBe(765);
  });
  test('Anthropic: 200×200 ≈ 54, 1000×1000 ≈ 1334, 1092×1092 ≈ 1590 (its table)', () => {
    expect(anthropicImageTokens(200, 200)).toBe(54);
    expect(anthropicImageTokens(1000, 1000)).toBe(1334);
    expect(anthropicImageTokens(1092, 1092)).toBe(1590);
  });
  test('Anthropic: a large image is scaled down first, so it costs at most about 1,600', () => {
    expect(anthropicImageTokens(4000, 3000)).toBeLessThanOrEqual(1600);
    expect(anthropicImageTokens(4000, 3000)).toBeGreaterThan(1500);
    // Long edge to 1568 first: 3136×200 becomes 1568×100.
    expect(anthropicImageTokens(3136, 200)).toBe(Math.ceil((1568 * 100) / 750));
  });
  test('Gemini: 258 up to 384 px a side; larger, 258 a 768-px tile', () => {
    expect(geminiImageTokens(384, 384)).toBe(258);
    expect(geminiImageTokens(385, 100)).toBe(258);
    expect(geminiImageTokens(1024, 1024)).toBe(258 * 4);
    expect(geminiImageTokens(1536, 768)).toBe(258 * 2);
  });
  test('an image of unknown size costs the provider’s largest image', () => {
    const image = {
      kind: 'image',
      mediaType: 'image/png',
      source: { type: 'url', url: 'https://x.test/a.png' },
    } as const;
    expect(imageTokens(image, 'openai')).toBe(openaiImageTokens(768, 2048, 'high'));
    expect(imageTokens(image, 'anthropic')).toBe(1600);
    expect(imageTokens({ ...image, detail: 'low' }, 'openai')).toBe(85);
  });
  test('a PDF costs its pages; a text file what its text costs', () => {
    const [doc] = checkAttachments([{ mediaType: 'application/pdf', data: pdf(3) }]);
    expect(attachmentTokens(doc as Attachment, 'gemini', () => 0)).toBe(3 * 258);
    expect(attachmentTokens(doc as Attachment, 'anthropic', () => 0)).toBe(3 * 4600);
    const [file] = checkAttachments([
      { mediaType: 'text/plain', name: 'a.txt', data: new TextEncoder().encode('hi') },
    ]);
    expect(attachmentTokens(file as Attachment, 'openai', (text) => text.length)).toBe(
      formatTextAttachment({ name: 'a.txt', mediaType: 'text/plain', text: 'hi' }).length,
    );
  });
});

describe('countPdfPages', () => {
  test('counts page objects, else the page tree’s count, else estimates from the size', () => {
    expect(countPdfPages(pdf(4))).toEqual({ pages: 4, from: 'file' });
    const treeOnly = new TextEncoder().encode(
      '%PDF-1.7\n2 0 obj << /Type /Pages /Count 12 /Kids [] >> endobj',
    );
    expect(countPdfPages(treeOnly)).toEqual({ pages: 12, from: 'file' });
    const opaque = new Uint8Array(120_000);
    expect(countPdfPages(opaque)).toEqual({ pages: 3, from: 'size' });
  });
});

describe('checkAttachments', () => {
  test('takes bytes, an ArrayBuffer or a data URL, and reads the size from the header', () => {
    const bytes = png(40, 30);
    const [a, b, c] = checkAttachments([
      { mediaType: 'image/png', data: bytes, name: 'shot.png' },
      { mediaType: 'image/png', data: bytes.slice().buffer },
      { mediaType: 'image/png', url: dataUrl('image/png', bytes), detail: 'low' },
    ]);
    expect(a).toMatchObject({ kind: 'image', name: 'shot.png', width: 40, height: 30 });
    expect(a?.kind === 'image' && a.source).toEqual({
      type: 'base64',
      data: dataUrl('image/png', bytes).split(',')[1],
      bytes: bytes.length,
    });
    expect(b).toMatchObject({ width: 40, height: 30 });
    expect(c).toMatchObject({ width: 40, height: 30, detail: 'low' });
  });

  test('a URL image keeps its URL and the size the host gives', () => {
    const [image] = checkAttachments([
      { mediaType: 'image/jpeg', url: 'https://cdn.test/a.jpg', width: 800, height: 600 },
    ]);
    expect(image).toEqual({
      kind: 'image',
      mediaType: 'image/jpeg',
      width: 800,
      height: 600,
      source: { type: 'url', url: 'https://cdn.test/a.jpg' },
    });
  });

  test('a text file is decoded; a PDF gets its pages', () => {
    const [text, doc] = checkAttachments([
      { mediaType: 'text/markdown', name: 'notes.md', data: new TextEncoder().encode('# Notes') },
      { mediaType: 'application/pdf', url: 'https://x.test/a.pdf', pages: 7 },
    ]);
    expect(text).toEqual({ kind: 'text', mediaType: 'text/markdown', name: 'notes.md', text: '# Notes' });
    expect(doc).toMatchObject({ kind: 'document', pages: 7, pagesFrom: 'host' });
  });

  function issuesOf(value: unknown): { path: string; message: string }[] {
    try {
      checkAttachments(value);
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      return [...(error as ValidationError).issues];
    }
    throw new Error('expected a ValidationError');
  }

  test.each([
    ['not an array', 'x', 'attachments'],
    ['no content', [{ mediaType: 'image/png' }], 'attachments[0]'],
    [
      'both data and url',
      [{ mediaType: 'image/png', data: png(1, 1), url: 'https://x.test/a.png' }],
      'attachments[0]',
    ],
    ['a blob URL', [{ mediaType: 'image/png', url: 'blob:https://x.test/1' }], 'attachments[0].url'],
    ['a media type that is not one', [{ mediaType: 'png', data: png(1, 1) }], 'attachments[0].mediaType'],
    [
      'bytes that are no image',
      [{ mediaType: 'image/png', data: new Uint8Array([1, 2, 3]) }],
      'attachments[0].data',
    ],
    ['the wrong media type', [{ mediaType: 'image/jpeg', data: png(2, 2) }], 'attachments[0].mediaType'],
    [
      'a size the header contradicts',
      [{ mediaType: 'image/png', data: png(2, 2), width: 3, height: 2 }],
      'attachments[0].width',
    ],
    [
      'half a size',
      [{ mediaType: 'image/png', url: 'https://x.test/a.png', width: 3 }],
      'attachments[0].height',
    ],
    ['a bad detail', [{ mediaType: 'image/png', data: png(1, 1), detail: 'max' }], 'attachments[0].detail'],
    [
      'an unknown field',
      [{ mediaType: 'image/png', data: png(1, 1), filename: 'a' }],
      'attachments[0].filename',
    ],
    [
      'text that is not UTF-8',
      [{ mediaType: 'text/plain', data: new Uint8Array([0xff, 0xfe, 0xfd]) }],
      'attachments[0].data',
    ],
    [
      'a text file at a URL',
      [{ mediaType: 'text/plain', url: 'https://x.test/a.txt' }],
      'attachments[0].url',
    ],
    [
      'a PDF at a URL without pages',
      [{ mediaType: 'application/pdf', url: 'https://x.test/a.pdf' }],
      'attachments[0].pages',
    ],
    [
      'bytes that are no PDF',
      [{ mediaType: 'application/pdf', data: new Uint8Array([1, 2]) }],
      'attachments[0].data',
    ],
  ])('refuses %s, naming its path', (_, value, path) => {
    expect(issuesOf(value).map((issue) => issue.path)).toContain(path);
  });

  test('names every bad attachment, by index', () => {
    const paths = issuesOf([
      { mediaType: 'image/png', data: png(1, 1) },
      { mediaType: 'image/png' },
      { mediaType: 'image/gif', data: png(1, 1) },
    ]).map((issue) => issue.path);
    expect(paths).toEqual(['attachments[1]', 'attachments[2].mediaType']);
  });

  test('refuses an attachment over the size limit', () => {
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    big.set(png(1, 1));
    expect(issuesOf([{ mediaType: 'image/png', data: big }])[0]?.message).toMatch(/20,971,520/);
  });

  test('refuses audio, video and archives with an UnsupportedAttachmentError saying what and where', () => {
    for (const mediaType of ['audio/mpeg', 'video/mp4', 'application/zip']) {
      let caught: unknown;
      try {
        checkAttachments([
          { mediaType: 'image/png', data: png(1, 1) },
          { mediaType, data: new Uint8Array([1]) },
        ]);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UnsupportedAttachmentError);
      expect(isCtxkitError(caught, 'unsupported_attachment')).toBe(true);
      expect(caught).toMatchObject({ path: 'attachments[1]', mediaType, by: 'ctxkit' });
      expect((caught as Error).message).toContain(mediaType);
    }
  });
});

describe('base64', () => {
  test('round-trips every length and byte, and agrees with btoa', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 73 + length * 31) & 0xff);
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      const text = bytesToBase64(bytes);
      expect(text).toBe(btoa(binary));
      expect(base64ToBytes(text)).toEqual(bytes);
      expect(base64ToBytes(text.replace(/=+$/, ''))).toEqual(bytes);
    }
    expect(base64ToBytes('aGk=\n')).toEqual(new Uint8Array([104, 105]));
  });

  test('gives null for text that is not base64', () => {
    expect(base64ToBytes('a$bc')).toBeNull();
    expect(base64ToBytes('abcde')).toBeNull();
    expect(base64ToBytes('ab===')).toBeNull();
  });
});
