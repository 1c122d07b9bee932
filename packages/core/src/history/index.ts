export { compressHistory } from './compress.js';
export {
  BLOB_REF_PREFIX,
  blobHash,
  blobHashOf,
  type CompactedText,
  compactText,
  findBlobRefs,
} from './large-content.js';
export {
  DEFAULT_HISTORY,
  DEFAULT_LARGE_CONTENT,
  resolveHistoryOptions,
  resolveLargeContentOptions,
} from './options.js';
export { readSummary } from './summarize.js';
export type {
  CompressionInput,
  CompressionOutcome,
  HistoryOptions,
  HistorySettings,
  LargeContentOptions,
  LargeContentSettings,
  MessagesOfTurn,
  Summarizer,
  SummarizerInput,
  SummaryResult,
} from './types.js';
