import { StaleSessionError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';

/**
 * Whether the stored record is still the one a writer last saw. Records are plain JSON written whole, so their
 * serialisations compare them; a record is small (items, pins, settings), and this runs once per write.
 */
export function sameRecord(stored: SessionRecord, expected: SessionRecord): boolean {
  return stored === expected || JSON.stringify(stored) === JSON.stringify(expected);
}

/**
 * Refuses a write based on a record another writer (another tab) has changed since: the write is not made, so the
 * other writer's change, which already resolved, is kept.
 */
export function checkExpected(stored: SessionRecord, expected: SessionRecord | undefined): void {
  if (expected !== undefined && !sameRecord(stored, expected)) throw new StaleSessionError(stored.id);
}
