import { type ErrorIssue, ValidationError } from '@ctxkit/core';

// Checks at the boundary, in the core's manner: every problem is collected with its path, unknown fields are named
// (with the field they resemble), and one ValidationError lists them all before anything else happens.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a message shows it: strings quoted, objects by kind, never their content. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** One edit apart, or the same letters in another order: `sesionId` for `sessionId`. */
function closeTo(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if ([...a].sort().join('') === [...b].sort().join('')) return true;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

export function checkKnownFields(
  value: Readonly<Record<string, unknown>>,
  known: readonly string[],
  path: string,
  issues: ErrorIssue[],
): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = known.find((field) => closeTo(field, key));
    issues.push({
      path: `${path}.${key}`,
      message: `is not a known field${near ? ` (did you mean '${near}'?)` : ''}; known: ${known.join(', ')}`,
    });
  }
}

/** An id: a string that is not empty or only spaces. */
export function checkId(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (typeof value !== 'string' || value.trim() === '')
    issues.push({ path, message: `must be a non-empty string, got ${describe(value)}` });
}

export function checkFunction(value: unknown, path: string, issues: ErrorIssue[], optional: boolean): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'function')
    issues.push({ path, message: `must be a function, got ${describe(value)}` });
}

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

export function throwIfAny(what: string, issues: readonly ErrorIssue[]): void {
  if (issues.length > 0) throw new ValidationError(what, issues);
}
