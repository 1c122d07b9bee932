export type { RecallHit, RecallIndexOptions, RecallPassage, RecallSearch } from './recall-index.js';
export { RecallSimilarity, recallSimilarity } from './similarity.js';
export {
  carriedBy,
  DEFAULT_RECALL_THRESHOLD,
  DEFAULT_STATEMENT_RECALL_THRESHOLD,
  defaultRecallThreshold,
  FORGOTTEN_DOCUMENT,
  type RecallCandidates,
  RecallSource,
  type RecallViewer,
  recallViewer,
} from './source.js';
export { recallWeights } from './weights.js';
