/** The recall index, a chunk of its own: loaded with a session's first request, and only when recall is on. */
export const recallIndexModule = () => import('./recall-index.js');
/**
 * The engine's recall source, a chunk of its own (with the similarity by meaning): loaded by createEngine beside the
 * tokenizer's ranks, and only when recall is on.
 */
export const recallSourceModule = () => import('./source.js');
