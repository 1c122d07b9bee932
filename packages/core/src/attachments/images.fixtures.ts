// Real image files built byte by byte: a PNG with stored (uncompressed) deflate blocks and its CRCs, a GIF, a
// baseline JPEG's marker sequence and WebP containers, each of a chosen size.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: readonly number[]): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function chunk(type: string, data: readonly number[]): number[] {
  const body = [...ascii(type), ...data];
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}

/** A grey PNG of this size, valid to the last CRC (8-bit greyscale, one filter byte a row). */
export function png(width: number, height: number): Uint8Array {
  const raw: number[] = [];
  for (let y = 0; y < height; y++) raw.push(0, ...new Array<number>(width).fill(128));
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const deflate: number[] = [0x78, 0x01];
  for (let i = 0; i < raw.length || i === 0; i += 65535) {
    const block = raw.slice(i, i + 65535);
    const last = i + 65535 >= raw.length ? 1 : 0;
    deflate.push(last, ...le16(block.length), ...le16(~block.length & 0xffff), ...block);
  }
  deflate.push(...be32(((b << 16) | a) >>> 0));
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...be32(width), ...be32(height), 8, 0, 0, 0, 0]),
    ...chunk('IDAT', deflate),
    ...chunk('IEND', []),
  ]);
}

/** A one-colour GIF89a of this size: screen descriptor, global colour table, one image, LZW data, trailer. */
export function gif(width: number, height: number): Uint8Array {
  return new Uint8Array([
    ...ascii('GIF89a'),
    ...le16(width),
    ...le16(height),
    0x80,
    0,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x2c,
    0,
    0,
    0,
    0,
    ...le16(width),
    ...le16(height),
    0,
    0x02,
    0x02,
    0x44,
    0x01,
    0x00,
    0x3b,
  ]);
}

/** A JPEG's leading segments as encoders write them: SOI, APP0 (JFIF), a quantisation table, then SOF0 with the size. */
export function jpeg(width: number, height: number, frame = 0xc0): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    ...ascii('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xdb,
    0x00,
    0x43,
    0x00,
    ...new Array<number>(64).fill(1),
    0xff,
    frame,
    0x00,
    0x0b,
    8,
    ...le16(height).reverse(),
    ...le16(width).reverse(),
    1,
    1,
    0x11,
    0,
    0xff,
    0xd9,
  ]);
}

/** A WebP container of each kind: lossless (VP8L), lossy (VP8) or extended (VP8X). */
export function webp(width: number, height: number, kind: 'VP8L' | 'VP8 ' | 'VP8X' = 'VP8L'): Uint8Array {
  let body: number[];
  if (kind === 'VP8L') {
    const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
    body = [0x2f, ...le32(bits >>> 0), 0, 0, 0, 0, 0];
  } else if (kind === 'VP8 ') {
    body = [0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), 0, 0];
  } else body = [0x10, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  const chunkBytes = [...ascii(kind), ...le32(body.length), ...body];
  return new Uint8Array([...ascii('RIFF'), ...le32(4 + chunkBytes.length), ...ascii('WEBP'), ...chunkBytes]);
}

/** A PDF of `pages` empty pages, with its page objects readable. */
export function pdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  let text = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj\n`;
  for (let i = 0; i < pages; i++)
    text += `${i + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n`;
  text += 'trailer << /Root 1 0 R >>\n%%EOF\n';
  return new TextEncoder().encode(text);
}

export function dataUrl(mediaType: string, bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${mediaType};base64,${btoa(binary)}`;
}
