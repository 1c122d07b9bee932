export type { BpeRanks } from './bpe.js';
export { type CachedTokenCounter, withTokenCache } from './cache.js';
export { createApproximateCounter, TOKEN_OVERHEAD, type TokenCounter } from './counter.js';
export { loadTiktokenCounter, loadTiktokenRanks, type TiktokenEncodingName } from './tiktoken.js';
