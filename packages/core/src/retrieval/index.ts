export { createLexicalSelector, type LexicalSelector } from './lexical-selector.js';
export { tokenize } from './tokenize.js';
export type { AgentSelector, RetrievalHit, RetrievalSet, SelectionRequest } from './types.js';
