export {
  DEFAULT_CARRIED_WEIGHT,
  type RecallHit,
  RecallIndex,
  type RecallIndexOptions,
  type RecallPassage,
  type RecallSearch,
} from './recall-index.js';
