import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { checkBoolean, checkKnownFields, checkText, isRecord } from '../validation/index.js';

/**
 * A renderer's options: `model` a visible string, `cache` (the Anthropic renderer's) a boolean, nothing else. Throws
 * a ValidationError naming each bad path (`options.cache`).
 */
export function checkRenderOptions(options: unknown, known: readonly string[]): void {
  const issues: ErrorIssue[] = [];
  if (!isRecord(options)) issues.push({ path: 'options', message: 'must be an object with the model name' });
  else {
    checkText(options.model, 'options.model', issues);
    if (known.includes('cache')) checkBoolean(options.cache, 'options.cache', issues);
    checkKnownFields(options, known, 'options', issues);
  }
  if (issues.length > 0) throw new ValidationError('Invalid render options', issues);
}
