import type { ErrorIssue } from '@ctxkit/core';
import { describe, isRecord } from '@ctxkit/core/validation';

/** The engine: checked by shape, so that an engine from another copy of @ctxkit/core is accepted. */
export function checkEngine(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (
    !isRecord(value) ||
    typeof value.openSession !== 'function' ||
    typeof value.fork !== 'function' ||
    !isRecord(value.catalog)
  ) {
    issues.push({ path, message: `must be a ctxkit Engine (from createEngine), got ${describe(value)}` });
  }
}
