export {
  decodeTerms,
  encodeTerms,
  entryTermCounts,
  messageTermCounts,
  RECALL_TERMS_VERSION,
  type RecallEntry,
  recallable,
  recallEntries,
  recallEntryProblem,
  recallText,
  recallTokenizer,
} from './entries.js';
