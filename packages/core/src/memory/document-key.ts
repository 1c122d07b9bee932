/** The store document every memory lives in, replaced whole on each change. */
export const MEMORY_DOCUMENT = 'ctxkit.memories';
