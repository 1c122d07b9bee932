import { type ErrorIssue, ValidationError } from '@ctxkit/core';

/**
 * Exactly one of `engine` (an engine) and `createEngine` (a function) reaches the provider: the types say so, and
 * this says so to JavaScript callers too, instead of a fallback shown for ever or an engine silently ignored.
 */
export function checkEngineSource(engine: unknown, createEngine: unknown): void {
  const issues: ErrorIssue[] = [];
  if (engine !== undefined && createEngine !== undefined)
    issues.push({ path: 'createEngine', message: 'give either engine or createEngine, not both' });
  else if (engine === undefined && createEngine === undefined)
    issues.push({
      path: 'engine',
      message: 'is required: give engine, or createEngine to make it in the browser',
    });
  else if (engine !== undefined && (typeof engine !== 'object' || engine === null))
    issues.push({ path: 'engine', message: 'must be an engine from createEngine()' });
  else if (createEngine !== undefined && typeof createEngine !== 'function')
    issues.push({
      path: 'createEngine',
      message: 'must be a function that returns an engine (or a promise of one)',
    });
  if (issues.length > 0) throw new ValidationError('Invalid CtxkitProvider props', issues);
}
