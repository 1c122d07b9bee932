/**
 * A fast, deterministic 64-bit string hash (two independent 32-bit lanes), returned as 16 hex digits.
 * It identifies content and plans; it is not a cryptographic hash and must not be used as one.
 * It reads UTF-16 code units, so the same string hashes the same in every JavaScript runtime.
 */
export function hashString(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return toHex(h2) + toHex(h1);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Eight hex digits of a 32-bit lane, by bytes from a table: number-to-string conversion was a third of the cost. */
function toHex(lane: number): string {
  return (
    (HEX[(lane >>> 24) & 0xff] as string) +
    (HEX[(lane >>> 16) & 0xff] as string) +
    (HEX[(lane >>> 8) & 0xff] as string) +
    (HEX[lane & 0xff] as string)
  );
}
