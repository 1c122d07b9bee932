export { createTokenizer, stem, type TokenizerOptions, tokenize } from './tokenize.js';
