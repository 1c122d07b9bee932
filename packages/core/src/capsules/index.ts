export {
  type Capsule,
  type CapsuleHashes,
  capsulePlanner,
  capsuleSource,
  checkCapsules,
} from './capsules.js';
export type { CapsuleInput } from './types.js';
