/**
 * Reference detection: does a text (a model's reply, a user's message) mention an item by one of its names — a
 * symbol, a file path, an item or tool name? Plain substring search with boundary checks, never a regular
 * expression built from a name, so names full of `.*+?()[]\` match only themselves.
 */

/** Something that can be referenced, by any of its names. */
export interface ReferenceTarget {
  readonly id: string;
  readonly names: readonly string[];
}

/** Names shorter than this are too common to count as a reference (`id`, `fs`). */
export const MIN_NAME_LENGTH = 3;

const WORD = /[\p{L}\p{N}_$]/u;

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

/**
 * Whether `name` occurs in `text` as a whole: not inside a longer identifier (`Session` is not in `SessionRecord`),
 * not a shorter path inside a longer one (`src/a.ts` is not in `src/a.tsx`). Case-insensitive.
 */
export function mentions(text: string, name: string): boolean {
  return mentionsLower(text.toLowerCase(), name);
}

/** `mentions`, with the text already lower-cased: a text is searched for many names. */
function mentionsLower(haystack: string, name: string): boolean {
  const needle = name.trim().toLowerCase();
  if (needle.length < MIN_NAME_LENGTH) return false;
  const startsWord = isWordChar(needle[0]);
  const endsWord = isWordChar(needle[needle.length - 1]);
  const pathLike = /[./]/.test(needle);
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1];
    const after = haystack[at + needle.length];
    if (startsWord && isWordChar(before)) continue;
    if (endsWord && isWordChar(after)) continue;
    // A path goes on past a `.` or `/` into another word: `a.ts` is not in `a.ts.map`. (`Session` still is in
    // `Session.prepare`: only names that are paths themselves are held to this.)
    if (pathLike && (after === '.' || after === '/') && isWordChar(haystack[at + needle.length + 1]))
      continue;
    return true;
  }
  return false;
}

/** The ids of the targets `text` mentions by any of their names, in the targets' order. */
export function findReferences(text: string, targets: readonly ReferenceTarget[]): string[] {
  if (text === '') return [];
  const haystack = text.toLowerCase();
  return targets
    .filter((target) => target.names.some((name) => mentionsLower(haystack, name)))
    .map((t) => t.id);
}

// Code-like words: paths (`src/a.ts`), dotted names (`engine.commit`), snake_case, camelCase and PascalCase with an
// inner capital. Plain words ("session") are too common to say a text was used.
const TERM = /[\p{L}\p{N}_$][\p{L}\p{N}_$./-]*[\p{L}\p{N}_$]/gu;

function isDistinctive(term: string): boolean {
  return (
    term.length >= MIN_NAME_LENGTH &&
    (/[/_.]/.test(term) || /\p{Ll}\p{Lu}/u.test(term) || /^\p{Lu}{2,}\p{Ll}/u.test(term))
  );
}

/** The code-like terms of a text (paths, dotted, snake_case or camelCase names): what a reply would quote from it. */
export function distinctiveTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const match of text.matchAll(TERM)) {
    const term = match[0].replace(/[./-]+$/, '');
    if (isDistinctive(term)) terms.add(term);
  }
  return [...terms];
}
