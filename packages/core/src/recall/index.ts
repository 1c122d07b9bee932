export type { RecallHit, RecallIndexOptions, RecallPassage, RecallSearch } from './recall-index.js';
export { RecallSimilarity, recallSimilarity } from './similarity.js';
export {
  carriedBy,
  DEFAULT_RECALL_THRESHOLD,
  FORGOTTEN_DOCUMENT,
  type RecallCandidates,
  RecallSource,
  type RecallViewer,
  recallViewer,
} from './source.js';
export { recallWeights } from './weights.js';
