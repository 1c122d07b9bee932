export { isTokenizerFamily, TOKENIZER_FAMILIES, type TokenizerFamily } from './families.js';
export type { ModelTokenizerSource } from './load.js';
export { loadModelTokenizer } from './load-door.js';
export { tokenizerFamilyOf } from './resolve.js';
