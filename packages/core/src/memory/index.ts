export type { MemoryContent, MemorySource } from '../session/index.js';
// The bank loads with createEngine (see lazy.ts): only its types are here.
export type { Memories, MemoryBank, UnreadableMemories } from './bank.js';
export { checkMemoryInputs, usesMemory } from './checks.js';
export { MEMORY_DOCUMENT, MEMORY_DOCUMENT_SHAPE, memoryDocument, readMemoryDocument } from './document.js';
export { memoriesFromSummary, type SummaryMemories } from './summary.js';
export {
  DEFAULT_MEMORY_LIMITS,
  type MemoryEntry,
  type MemoryInput,
  type MemoryLimits,
  memoryLimitIssues,
} from './types.js';
