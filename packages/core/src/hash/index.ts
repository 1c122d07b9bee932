export { canonicalJson } from './canonical-json.js';
export { hashString } from './hash.js';
