import type { ErrorIssue } from '../errors/index.js';
import type { MemoryContent, MemorySource } from '../session/index.js';

/** A memory as stored and listed: offered to other sessions as a candidate until the user deletes it. */
export type MemoryEntry = MemoryContent & {
  readonly id: string;
  readonly source: MemorySource;
  /** ISO 8601. */
  readonly createdAt: string;
};

/** A memory handed to `engine.remember`: its content, and optionally the message or checkpoint it came from. */
export type MemoryInput = MemoryContent & {
  readonly messageId?: string;
  readonly checkpointId?: string;
};

/** How many memories a request may be offered, and the share of the budget they may take together. */
export interface MemoryLimits {
  /** At most this many memories become candidates of one request (preferences first, then newest). Default 12. */
  readonly maxCandidates: number;
  /** Memories together take at most this share (0–1) of the budget. Default 0.1. */
  readonly maxShare: number;
}

export const DEFAULT_MEMORY_LIMITS: MemoryLimits = { maxCandidates: 12, maxShare: 0.1 };

/** What is wrong with engine options for memory, each with its path (`memory.maxShare`, …). */
export function memoryLimitIssues(limits: Partial<MemoryLimits> | undefined): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const { maxCandidates, maxShare } = limits ?? {};
  if (maxCandidates !== undefined && !(Number.isInteger(maxCandidates) && maxCandidates >= 0)) {
    issues.push({ path: 'memory.maxCandidates', message: `must be an integer ≥ 0, got ${maxCandidates}` });
  }
  if (maxShare !== undefined && !(maxShare >= 0 && maxShare <= 1)) {
    issues.push({ path: 'memory.maxShare', message: `must be between 0 and 1, got ${maxShare}` });
  }
  return issues;
}
