/** A PDF of unknown structure is counted as a page for every this many bytes, rounded up. */
export const BYTES_PER_PAGE_ESTIMATE = 50_000;

/**
 * A PDF's page count: its page objects (`/Type /Page`) when they are readable, else the largest `/Count` of its page
 * tree, else (both compressed in object streams) an estimate from its size. A count, not a parse: no PDF library.
 */
export function countPdfPages(bytes: Uint8Array): { pages: number; from: 'file' | 'size' } {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  const pages = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  if (pages > 0) return { pages, from: 'file' };
  const counts = [
    ...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ].map((match) => Number(match[1] ?? match[2]));
  const count = Math.max(0, ...counts);
  if (count > 0) return { pages: count, from: 'file' };
  return { pages: Math.max(1, Math.ceil(bytes.length / BYTES_PER_PAGE_ESTIMATE)), from: 'size' };
}
