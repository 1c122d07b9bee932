// Base64 both ways without Buffer, so the same code runs in a page, a worker and Node.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ENCODE = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
const PAD = 61; // '='
const ascii = new TextDecoder('latin1');

// By table rather than btoa/atob: those go through a binary string one character at a time, which took over half a
// second for a 5 MiB image in Node; this takes a few milliseconds in every runtime.
export function bytesToBase64(bytes: Uint8Array): string {
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    out[o++] = ENCODE[n >>> 18] as number;
    out[o++] = ENCODE[(n >>> 12) & 63] as number;
    out[o++] = ENCODE[(n >>> 6) & 63] as number;
    out[o++] = ENCODE[n & 63] as number;
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    out[o++] = ENCODE[n >>> 18] as number;
    out[o++] = ENCODE[(n >>> 12) & 63] as number;
    out[o++] = rest === 2 ? (ENCODE[(n >>> 6) & 63] as number) : PAD;
    out[o++] = PAD;
  }
  return ascii.decode(out);
}

/** The bytes of base64 text (whitespace ignored, padding optional); null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  const clean = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  let end = clean.length;
  while (end > 0 && clean.charCodeAt(end - 1) === PAD) end -= 1;
  if (clean.length - end > 2 || end % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let bits = 0;
  let count = 0;
  for (let i = 0; i < end; i++) {
    const code = clean.charCodeAt(i);
    const value = code < 128 ? (DECODE[code] as number) : -1;
    if (value < 0) return null;
    bits = (bits << 6) | value;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >>> count) & 0xff;
    }
  }
  return out;
}

/** A `data:` URL split into its media type and bytes; null when it is not a base64 (or percent-encoded) data URL. */
export function parseDataUrl(url: string): { mediaType: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return null;
  const mediaType = (match[1] || 'text/plain').toLowerCase();
  const base64 = (match[2] ?? '').split(';').includes('base64');
  const body = match[3] ?? '';
  if (base64) {
    const bytes = base64ToBytes(body);
    return bytes ? { mediaType, bytes } : null;
  }
  try {
    return { mediaType, bytes: new TextEncoder().encode(decodeURIComponent(body)) };
  } catch {
    return null;
  }
}

/** The base64 payload of a stored source as a `data:` URL, the form OpenAI and the AI SDK take inline content in. */
export function dataUrlOf(mediaType: string, base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}
