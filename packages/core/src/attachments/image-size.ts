import type { ImageMediaType } from './types.js';

/** An image's format and size in pixels, as its own header says. */
export interface ImageHeader {
  readonly mediaType: ImageMediaType;
  readonly width: number;
  readonly height: number;
}

// A small pure reader of the four formats' headers: enough bytes to find the size, no decoding, no DOM, so it runs
// in a worker and in Node alike and costs nothing for a large image.

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 0x10000 + u16be(b, i + 2);

function ascii(b: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...b.subarray(start, start + length));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(b: Uint8Array): ImageHeader | null {
  if (b.length < 24 || !PNG_SIGNATURE.every((byte, i) => b[i] === byte) || ascii(b, 12, 4) !== 'IHDR')
    return null;
  return { mediaType: 'image/png', width: u32be(b, 16), height: u32be(b, 20) };
}

function gif(b: Uint8Array): ImageHeader | null {
  const signature = ascii(b, 0, 6);
  if (b.length < 10 || (signature !== 'GIF87a' && signature !== 'GIF89a')) return null;
  return { mediaType: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) };
}

function webp(b: Uint8Array): ImageHeader | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const size = (width: number, height: number): ImageHeader => ({ mediaType: 'image/webp', width, height });
  switch (ascii(b, 12, 4)) {
    case 'VP8 ': // lossy: a key frame's start code, then 14-bit width and height
      if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
      return size(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    case 'VP8L': {
      // lossless: a signature byte, then width − 1 and height − 1 in 14 bits each
      if (b[20] !== 0x2f) return null;
      const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
      return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case 'VP8X': // extended: the canvas size, each less one, in 24 bits
      return size(u24le(b, 24) + 1, u24le(b, 27) + 1);
    default:
      return null;
  }
}

function jpeg(b: Uint8Array): ImageHeader | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    // Markers without a length: restart markers, start of image, TEM.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = u16be(b, i + 2);
    // A start-of-frame marker (not DHT, JPG or DAC, which share the range) holds the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (i + 9 > b.length) return null;
      return { mediaType: 'image/jpeg', width: u16be(b, i + 7), height: u16be(b, i + 5) };
    }
    if (marker === 0xd9 || marker === 0xda || length < 2) return null;
    i += 2 + length;
  }
  return null;
}

/** The format and size an image's header gives; null when the bytes are none of PNG, JPEG, GIF or WebP. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const header = png(bytes) ?? jpeg(bytes) ?? gif(bytes) ?? webp(bytes);
  return header && header.width > 0 && header.height > 0 ? header : null;
}
