// Base64 both ways without Buffer, so the same code runs in a page, a worker and Node.

const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + CHUNK, bytes.length)));
  return btoa(binary);
}

/** The bytes of base64 text; null when it is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A `data:` URL split into its media type and bytes; null when it is not a base64 (or percent-encoded) data URL. */
export function parseDataUrl(url: string): { mediaType: string; bytes: Uint8Array } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!match) return null;
  const mediaType = (match[1] || 'text/plain').toLowerCase();
  const base64 = (match[2] ?? '').split(';').includes('base64');
  const body = match[3] ?? '';
  if (base64) {
    const bytes = base64ToBytes(body.replace(/\s+/g, ''));
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
