export { MemoryList, type MemoryListProps, memoryText } from './memory-list.js';
