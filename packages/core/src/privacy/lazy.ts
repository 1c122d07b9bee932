/** A session's redaction step, a chunk of its own: loaded by createEngine beside the tokenizer's ranks. */
export const sessionRedactionModule = () => import('./session-redaction.js');
