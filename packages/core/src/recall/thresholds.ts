/**
 * The least score a recalled passage needs to be sent for a question unless the engine is told otherwise (see
 * `recall.threshold`).
 */
export const DEFAULT_RECALL_THRESHOLD = 0.1;
/**
 * The same for any other message (a statement, an instruction): a question asks for what was said, so a weak match
 * may hold its answer; a statement goes on with the thread, and a passage sent for it is worth its uncached tokens
 * only when it matches well.
 */
export const DEFAULT_STATEMENT_RECALL_THRESHOLD = 0.2;

/** A question mark (Latin, full-width, Spanish, Arabic) anywhere, or an English question word first. */
const QUESTION = /[?？¿؟]|^\s*(?:what|when|where|who|whom|whose|which|why|how)\b/i;
/** A message about remembering ("remind me…", "I remember…") points to what was said, as a question does. */
const REMEMBERING = /\b(?:remind|recall|remember)/i;

/**
 * The least score a passage recalled for this message needs when the engine is not told one: the lower one for a
 * question or a message about remembering, the statement threshold for any other.
 */
export function defaultRecallThreshold(text: string): number {
  return QUESTION.test(text) || REMEMBERING.test(text)
    ? DEFAULT_RECALL_THRESHOLD
    : DEFAULT_STATEMENT_RECALL_THRESHOLD;
}
