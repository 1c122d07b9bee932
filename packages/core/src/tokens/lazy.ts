/** The BPE encoder, a chunk of its own: it loads beside the ranks it encodes with, and is of no use before them. */
export const bpeModule = () => import('./bpe.js');
