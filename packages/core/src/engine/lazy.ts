/**
 * The candidate factory (measuring and hashing what a request may hold), a chunk of its own: loaded by createEngine
 * beside the tokenizer's ranks, which it counts with.
 */
export const candidateFactoryModule = () => import('./candidates.js');
/** Deleting a turn, a chunk of its own: loaded by the first `session.deleteTurn`. */
export const deleteTurnOperations = () => import('./delete-turn.js');
/** The user's verdict on an item a reply was given, a chunk of its own: loaded by the first `session.feedback`. */
export const feedbackOperations = () => import('./feedback.js');
/**
 * A session's long-history bookkeeping (checkpoints, compression, content stored once), a chunk of its own: loaded
 * by createEngine beside the tokenizer's ranks.
 */
export const longHistoryModule = () => import('./long-history.js');
/** Switching the model (`engine.setModel`), a chunk of its own: loaded by its first call. */
export const setModelModule = () => import('./set-model.js');
