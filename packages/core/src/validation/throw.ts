import { type ErrorIssue, ValidationError } from '../errors/index.js';

/** Throws one ValidationError listing every issue, so a caller fixes them all at once rather than one per run. */
export function throwIfAny(what: string, issues: readonly ErrorIssue[]): void {
  if (issues.length > 0) throw new ValidationError(what, issues);
}
