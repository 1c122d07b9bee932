export type { MemoryContent, MemorySource } from '../session/index.js';
export { checkMemoryInputs, type Memories, MemoryBank, usesMemory } from './bank.js';
export { MEMORY_DOCUMENT, memoryDocument, readMemoryDocument } from './document.js';
export { memoriesFromSummary, type SummaryMemories } from './summary.js';
export {
  DEFAULT_MEMORY_LIMITS,
  type MemoryEntry,
  type MemoryInput,
  type MemoryLimits,
  memoryLimitIssues,
} from './types.js';
