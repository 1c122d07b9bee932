export { FORGOTTEN_DOCUMENT, FORGOTTEN_DOCUMENT_SHAPE } from './forgotten.js';
export type { RecallHit, RecallIndexOptions, RecallPassage, RecallSearch } from './recall-index.js';
// The source and the similarity load with createEngine (see lazy.ts): only their types are here.
export type { RecallSimilarity } from './similarity.js';
export type { RecallCandidates, RecallSource } from './source.js';
export {
  DEFAULT_RECALL_THRESHOLD,
  DEFAULT_STATEMENT_RECALL_THRESHOLD,
  defaultRecallThreshold,
} from './thresholds.js';
export { carriedBy, type RecallViewer, recallViewer } from './viewer.js';
export { recallWeights } from './weights.js';
