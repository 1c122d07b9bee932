export { type CachedTokenCounter, withTokenCache } from './cache.js';
export { createApproximateCounter, TOKEN_OVERHEAD, type TokenCounter } from './counter.js';
export { loadTiktokenCounter, type TiktokenEncodingName } from './tiktoken.js';
