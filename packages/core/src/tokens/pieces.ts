/**
 * BPE merging costs the square of a piece's length, and a run without whitespace (a base64 blob, a divider line,
 * a long hash) is one piece: 20,000 such characters would take most of a minute. Runs longer than this are
 * counted in pieces of this size: the cost becomes linear, and the count is high by at most one token a piece.
 */
export const MAX_RUN = 64;
const LONG_RUN = new RegExp(`\\S{${MAX_RUN + 1},}|\\s{${MAX_RUN + 1},}`, 'g');

/** Counts `text` with `encode`, cutting long runs into pieces of at most MAX_RUN code units. */
export function countInPieces(text: string, encode: (piece: string) => number): number {
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(LONG_RUN)) {
    total += encode(text.slice(last, match.index));
    const run = match[0];
    for (let start = 0; start < run.length; ) {
      let end = Math.min(start + MAX_RUN, run.length);
      // Never cut between the halves of a surrogate pair.
      if (end < run.length && /[\uD800-\uDBFF]/.test(run.charAt(end - 1))) end -= 1;
      total += encode(run.slice(start, end));
      start = end;
    }
    last = match.index + run.length;
  }
  return total + encode(text.slice(last));
}
