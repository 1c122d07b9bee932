/** The counting code, a chunk of its own: it loads beside a family's data, and is of no use before it. */
export const countModule = () => import('./counting.js');
