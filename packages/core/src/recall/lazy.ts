/** The recall index, a chunk of its own: loaded with a session's first request, and only when recall is on. */
export const recallIndexModule = () => import('./recall-index.js');
