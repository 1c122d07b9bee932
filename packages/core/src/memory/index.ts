export type { MemoryContent, MemorySource } from '../session/index.js';
// The bank loads with createEngine (see lazy.ts): only its types are here.
export type { Memories, MemoryBank } from './bank.js';
export { checkMemoryInputs, usesMemory } from './checks.js';
export { MEMORY_DOCUMENT, memoryDocument, readMemoryDocument } from './document.js';
export { memoriesFromSummary, type SummaryMemories } from './summary.js';
export {
  DEFAULT_MEMORY_LIMITS,
  type MemoryEntry,
  type MemoryInput,
  type MemoryLimits,
  memoryLimitIssues,
} from './types.js';
