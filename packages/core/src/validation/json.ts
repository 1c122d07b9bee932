import type { ErrorIssue } from '../errors/index.js';

/**
 * Where a value stops being JSON, as an issue: a cycle, a BigInt, a function or symbol, a number that is not finite,
 * or an object that is not plain (a Map, a Date, a class instance) — all of which would be stored or sent as
 * something else, or break a backup later. Null when it is JSON.
 */
export function jsonIssue(value: unknown, path: string): ErrorIssue | null {
  const open = new Set<object>();
  const walk = (entry: unknown, at: string): ErrorIssue | null => {
    switch (typeof entry) {
      case 'string':
      case 'boolean':
        return null;
      case 'number':
        return Number.isFinite(entry) ? null : { path: at, message: `must be a finite number, got ${entry}` };
      case 'bigint':
        return { path: at, message: 'is a BigInt, which JSON cannot hold (pass it as a string or a number)' };
      case 'undefined':
        return null;
      case 'function':
      case 'symbol':
        return { path: at, message: `is a ${typeof entry}, which JSON cannot hold` };
    }
    if (entry === null) return null;
    const object = entry as object;
    if (open.has(object)) return { path: at, message: 'refers back to an object that contains it (a cycle)' };
    const proto = Object.getPrototypeOf(object);
    if (!Array.isArray(object) && proto !== Object.prototype && proto !== null)
      return { path: at, message: `must be a plain object, got ${object.constructor?.name ?? 'an object'}` };
    open.add(object);
    const entries = Array.isArray(object)
      ? object.map((item, i) => [`${at}[${i}]`, item] as const)
      : Object.entries(object).map(([key, item]) => [`${at}.${key}`, item] as const);
    for (const [inner, item] of entries) {
      const issue = walk(item, inner);
      if (issue) return issue;
    }
    open.delete(object);
    return null;
  };
  return walk(value, path);
}
