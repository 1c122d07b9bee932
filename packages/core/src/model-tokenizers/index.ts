export { isTokenizerFamily, TOKENIZER_FAMILIES, type TokenizerFamily } from './families.js';
export { loadModelTokenizer, type ModelTokenizerSource } from './load.js';
export { tokenizerFamilyOf } from './resolve.js';
