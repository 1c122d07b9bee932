export { type Capsule, capsulePlanner, checkCapsules } from './capsules.js';
export { hashReferenceContent } from './hash.js';
export type { CapsuleInput } from './types.js';
