/**
 * The encoder (BPE over pieces of text), a chunk of its own: it loads beside the ranks it encodes with, and is of no
 * use before them.
 */
export const encoderModule = () => import('./encoder.js');
