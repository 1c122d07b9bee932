export { type Capsule, capsulePlanner, checkCapsules } from './capsules.js';
export type { CapsuleInput } from './types.js';
