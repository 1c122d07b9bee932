import type { ParsedReply } from './parse.js';

/**
 * The suggestion operations, imported on first use: most replies carry no suggestion, so the entry chunk only
 * holds the tag it looks for.
 */
export function suggestionOperations(): Promise<typeof import('./index.js')> {
  return import('./index.js');
}

/** A reply's suggestion lines and the reply without them; null (without loading the parser) when it has none. */
export async function readSuggestions(content: string): Promise<ParsedReply | null> {
  return content.includes('<ctxkit:suggest-pin')
    ? (await suggestionOperations()).parseSuggestions(content)
    : null;
}
