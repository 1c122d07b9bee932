export { invalidateForEvent } from './invalidate.js';
export { ctxkitKeys } from './keys.js';
