import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';

const DAY_MS = 86_400_000;

/** What `createEngine({ retention })` takes: sessions not updated for this many days are deleted at open. */
export interface RetentionOptions {
  readonly maxAgeDays: number;
}

export function retentionIssues(maxAgeDays: unknown, path: string): ErrorIssue[] {
  return typeof maxAgeDays === 'number' && Number.isFinite(maxAgeDays) && maxAgeDays > 0
    ? []
    : [{ path, message: `must be a positive number of days, got ${String(maxAgeDays)}` }];
}

/**
 * The sessions last updated more than `maxAgeDays` before `now`, oldest first. A record whose `updatedAt` cannot
 * be read as a date is kept: nothing is deleted on a guess.
 */
export function expiredSessions(
  records: readonly SessionRecord[],
  maxAgeDays: number,
  now: Date,
): SessionRecord[] {
  const issues = retentionIssues(maxAgeDays, 'maxAgeDays');
  if (issues.length > 0) throw new ValidationError('Invalid retention', issues);
  const cutoff = now.getTime() - maxAgeDays * DAY_MS;
  return records
    .map((record) => ({ record, at: Date.parse(record.updatedAt) }))
    .filter(({ at }) => Number.isFinite(at) && at < cutoff)
    .sort((a, b) => a.at - b.at || (a.record.id < b.record.id ? -1 : 1))
    .map(({ record }) => record);
}
