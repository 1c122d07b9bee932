import type { ErrorIssue } from '../errors/index.js';

/** Characters that show nothing: spaces, zero-width and other format characters. */
const INVISIBLE = /^[\s\p{Cf}\p{Zs}]*$/u;

/** Whether a text would show anything at all: a name of one zero-width space would not. */
export function isVisible(text: string): boolean {
  return !INVISIBLE.test(text);
}

/** Adds an issue for every field of `value` not in `known`: a misspelt option must not be silently ignored. */
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
      path: path === '' ? key : `${path}.${key}`,
      message: `is not a known field${near ? ` (did you mean '${near}'?)` : ''}; known: ${known.join(', ')}`,
    });
  }
}

/** A string that shows something; `optional` accepts undefined. Returns whether the value is fine. */
export function checkText(
  value: unknown,
  path: string,
  issues: ErrorIssue[],
  options: { readonly optional?: boolean; readonly nullable?: boolean; readonly maxLength?: number } = {},
): boolean {
  if (value === undefined && options.optional) return true;
  if (value === null && options.nullable) return true;
  if (typeof value !== 'string') {
    issues.push({
      path,
      message: `must be a string${options.nullable ? ' or null' : ''}, got ${describe(value)}`,
    });
    return false;
  }
  if (!isVisible(value)) {
    issues.push({ path, message: 'must contain visible text (not only spaces or zero-width characters)' });
    return false;
  }
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    issues.push({ path, message: `must be at most ${options.maxLength} characters, got ${value.length}` });
    return false;
  }
  return true;
}

/** An id: a string that is not empty or only spaces. */
export function checkId(value: unknown, path: string, issues: ErrorIssue[]): void {
  if (typeof value !== 'string' || value.trim() === '')
    issues.push({ path, message: `must be a non-empty string, got ${describe(value)}` });
}

/** A function; `optional` accepts undefined. */
export function checkFunction(value: unknown, path: string, issues: ErrorIssue[], optional: boolean): void {
  if (value === undefined && optional) return;
  if (typeof value !== 'function')
    issues.push({ path, message: `must be a function, got ${describe(value)}` });
}

export function checkBoolean(value: unknown, path: string, issues: ErrorIssue[], optional = true): boolean {
  if (value === undefined && optional) return true;
  if (typeof value === 'boolean') return true;
  issues.push({ path, message: `must be true or false, got ${describe(value)}` });
  return false;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as a message shows it: strings quoted, objects and functions by kind (never their whole content). */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'bigint') return `${value}n (a BigInt)`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** One edit apart, or the same letters in another order: `incldue` for `include`, `enabeld` for `enabled`. */
function closeTo(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if ([...a].sort().join('') === [...b].sort().join('')) return true;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

/** The longest id a host may give a session: room for a UUID, a nanoid or a slug with a prefix. */
export const MAX_SESSION_ID = 128;
// RFC 3986's unreserved characters: an id goes into a URL path, a storage key or a file name as it is.
const SESSION_ID = /^[A-Za-z0-9._~-]+$/;

/**
 * A session id a host chooses (a chat id from its URL): 1 to 128 of the characters a URL carries as they are,
 * `A–Z a–z 0–9 - . _ ~`. Returns whether the value is fine.
 */
export function checkSessionId(value: unknown, path: string, issues: ErrorIssue[]): boolean {
  if (typeof value !== 'string' || value === '')
    issues.push({ path, message: `must be a non-empty string, got ${describe(value)}` });
  else if (value.length > MAX_SESSION_ID)
    issues.push({ path, message: `must be at most ${MAX_SESSION_ID} characters, got ${value.length}` });
  else if (!SESSION_ID.test(value)) {
    const bad = [...value].find((char) => !SESSION_ID.test(char)) ?? '';
    issues.push({
      path,
      message: `may hold only letters, digits and - . _ ~ (got ${JSON.stringify(bad)} in ${JSON.stringify(value)})`,
    });
  } else return true;
  return false;
}
