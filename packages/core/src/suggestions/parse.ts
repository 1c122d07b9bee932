/** The tag a suggestion line starts with. */
export const SUGGEST_TAG = '<ctxkit:suggest-pin';

/** One suggestion as the reply wrote it, before its ref is checked against the catalog. */
export interface ParsedSuggestion {
  readonly line: number;
  readonly ref: string;
  readonly reason: string | null;
}

export interface ParsedReply {
  /** The reply without its suggestion lines. */
  readonly content: string;
  readonly suggestions: readonly ParsedSuggestion[];
  /** Lines that start with the tag but do not follow the format (1-based). */
  readonly malformed: readonly number[];
}

// A whole line: the tag, `ref`, an optional `reason`, in that order, double-quoted, self-closing.
const LINE = /^<ctxkit:suggest-pin\s+ref="([^"<>]*)"(?:\s+reason="([^"<>]*)")?\s*\/>$/;
const ENTITY = /&(quot|amp|lt|gt|apos);/g;
const ENTITIES: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const FENCE = /^(```|~~~)/;
/** The longest reason kept: a hint for a person, not a document. */
export const MAX_REASON_LENGTH = 280;

const decode = (value: string): string => value.replace(ENTITY, (_, name: string) => ENTITIES[name] ?? '');

/**
 * Reads the suggestion lines of a model reply and returns the reply without them. A suggestion is a line of its
 * own, outside fenced code blocks (where a reply may be showing the format rather than using it):
 *
 *     <ctxkit:suggest-pin ref="reference:Database schema" reason="Every question so far is about it"/>
 *
 * Lines that start with the tag but break the format are removed too (markup never reaches the transcript) and
 * reported by line number.
 */
export function parseSuggestions(reply: string): ParsedReply {
  const kept: string[] = [];
  const suggestions: ParsedSuggestion[] = [];
  const malformed: number[] = [];
  let fenced = false;
  reply.split('\n').forEach((text, index) => {
    const line = text.trim();
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced || !line.startsWith(SUGGEST_TAG)) {
      kept.push(text);
      return;
    }
    const match = LINE.exec(line);
    const ref = match ? decode(match[1] as string).trim() : '';
    if (!match || ref === '') {
      malformed.push(index + 1);
      return;
    }
    const reason = match[2] === undefined ? '' : decode(match[2]).trim();
    suggestions.push({
      line: index + 1,
      ref,
      reason: reason === '' ? null : reason.slice(0, MAX_REASON_LENGTH),
    });
  });
  return { content: kept.join('\n').trim(), suggestions, malformed };
}
