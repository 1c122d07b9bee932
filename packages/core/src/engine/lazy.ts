/**
 * The candidate factory (measuring and hashing what a request may hold), a chunk of its own: loaded by createEngine
 * beside the tokenizer's ranks, which it counts with.
 */
export const candidateFactoryModule = () => import('./candidates.js');
