/**
 * The memory bank, a chunk of its own: loaded by createEngine beside the tokenizer's ranks (everything it does is a
 * store read or write, after that).
 */
export const memoryBankModule = () => import('./bank.js');
