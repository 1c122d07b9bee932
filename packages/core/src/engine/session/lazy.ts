/** The turn's operations (see operations.ts), loaded by createEngine beside the tokenizer's ranks. */
export const turnOperationsModule = () => import('./operations.js');
