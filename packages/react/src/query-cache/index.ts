// The kit's query keys and what a store event invalidates: below the provider, which listens to the engine's
// events, and the hooks, which read through those keys.
export { invalidateForEvent } from './invalidate.js';
export { ctxkitKeys } from './keys.js';
