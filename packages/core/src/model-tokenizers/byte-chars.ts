/** GPT-2's printable alphabet of bytes: the character that stands for each byte in byte-level BPE tokens. */
export const BYTE_CHARS: readonly string[] = (() => {
  const chars: string[] = new Array(256);
  let extra = 0;
  for (let byte = 0; byte < 256; byte++) {
    const printable =
      (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || (byte >= 174 && byte <= 255);
    chars[byte] = String.fromCharCode(printable ? byte : 256 + extra++);
  }
  return chars;
})();
