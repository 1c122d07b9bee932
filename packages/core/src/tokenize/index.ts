// Words of a text as lexical retrieval and recall index them; below both, since recall's stored entries keep
// these terms and the stores write those entries.
export { createTokenizer, stem, type TokenizerOptions, tokenize } from './tokenize.js';
