/**
 * Shannon entropy of a string in bits per character, counted over UTF-16 code units: log2 of the number of
 * equally likely symbols that would carry as much surprise. A random base62 token of 32 characters scores about
 * 4.5, a hex digest about 3.8, an English word or identifier usually below 3.5.
 */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<number, number>();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
