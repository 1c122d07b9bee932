/**
 * Keys come disguised out of terminals, chat apps and rich editors: wrapped across lines (the next line indented),
 * or with a zero-width character inside that the eye does not see. The patterns are written for keys as issued, so
 * the redactor also searches a view of the text with those breaks taken out, and maps what it finds back.
 */

/** Characters that render as nothing: zero-width space, non-joiner, joiner, word joiner, BOM, soft hyphen. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;
/** A break inside a token: invisible characters anywhere, or a line break with the indent around it. */
const BREAK = /[\u200B-\u200D\u2060\uFEFF\u00AD]+|[ \t]*\r?\n[ \t]*/g;
/** What keys are made of (base64 and URL-safe alphabets, and the separators of prefixed keys). */
const TOKEN_CHAR = /[A-Za-z0-9_+/=.-]/;
/**
 * A joined token shorter than this is two words, not a key: no built-in key is shorter, and most line breaks of
 * prose join short words, so few tokens are searched again.
 */
const MIN_JOINED_LENGTH = 20;

/** A line wrapped inside a key ends with at least this much of it (terminals wrap at 80 columns or so). */
const MIN_WRAPPED_LINE = 16;
/** What a wrapped key goes on with on the next line, at least: shorter is taken for a word that follows the key. */
const MIN_WRAPPED_REST = 8;

/** A text with breaks taken out of its tokens; `origin[i]` is where its character `i` is in the original. */
export interface JoinedView {
  readonly text: string;
  readonly origin: readonly number[];
}

const isTokenChar = (char: string | undefined): boolean => char !== undefined && TOKEN_CHAR.test(char);

/**
 * The tokens of `text` that a break runs through, each with its breaks taken out, one per line; null when there is
 * none (no line break or invisible character inside a token).
 */
export function joinedTokens(text: string): JoinedView | null {
  if (!text.includes('\n') && !INVISIBLE.test(text)) return null;
  let joined = '';
  const origin: number[] = [];
  for (const found of text.matchAll(BREAK)) {
    const start = found.index;
    const end = start + found[0].length;
    const invisible = INVISIBLE.test(found[0][0] as string);
    if (!isTokenChar(text[end])) continue;
    let from = start;
    while (from > 0 && isTokenChar(text[from - 1])) from--;
    let to = end;
    while (to < text.length && isTokenChar(text[to])) to++;
    // An invisible character is never part of a key; a line break is a wrap inside one only between a long piece
    // and a piece of a key's length: `is\nsk-…` and `…key\nbut` are words around a key, not parts of it.
    if (!invisible && (start - from < MIN_WRAPPED_LINE || to - end < MIN_WRAPPED_REST)) continue;
    // The token already started in the view (several breaks in one key): go on from where the view stopped.
    const continues = origin.length > 0 && (origin[origin.length - 1] as number) + 1 >= from;
    if (!continues) {
      if (joined !== '') {
        joined += '\n';
        origin.push(-1);
      }
      for (let i = from; i < start; i++) {
        joined += text[i];
        origin.push(i);
      }
    }
    for (let i = end; i < to; i++) {
      joined += text[i];
      origin.push(i);
    }
  }
  if (joined === '') return null;
  // Keep only joined tokens long enough to be a key.
  let kept = '';
  const keptOrigin: number[] = [];
  let line = 0;
  for (let i = 0; i <= joined.length; i++) {
    if (i < joined.length && origin[i] !== -1) continue;
    if (i - line >= MIN_JOINED_LENGTH) {
      if (kept !== '') {
        kept += '\n';
        keptOrigin.push(-1);
      }
      kept += joined.slice(line, i);
      keptOrigin.push(...origin.slice(line, i));
    }
    line = i + 1;
  }
  return kept === '' ? null : { text: kept, origin: keptOrigin };
}
