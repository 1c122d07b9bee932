import { type ErrorIssue, formatCount, ValidationError } from '../errors/index.js';
import type { Usage } from '../session/index.js';

const FIELDS: ReadonlySet<string> = new Set([
  'inputTokens',
  'outputTokens',
  'cachedInputTokens',
  'cacheWriteTokens',
]);

/** What a provider's own usage field is called, for the message that names the right one. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  prompt_tokens: 'inputTokens',
  completion_tokens: 'outputTokens',
  input_tokens: 'inputTokens',
  output_tokens: 'outputTokens',
  cached_tokens: 'cachedInputTokens',
  prompt_tokens_details: 'cachedInputTokens (its cached_tokens)',
  cache_read_input_tokens: 'cachedInputTokens',
  cache_creation_input_tokens: 'cacheWriteTokens',
};

/**
 * Checks a usage report at the call that received it (`commit`, `continue`): token counts are non-negative integers
 * (a count of NaN, −10, '100', Infinity or 1e300 from a buggy proxy would otherwise be stored and calibrate every
 * later request), cached tokens are part of the input tokens, and no field is unknown. Throws a ValidationError naming each bad path; nothing is written.
 */
export function checkUsage(usage: unknown, path = 'usage'): Usage | undefined {
  if (usage === undefined) return undefined;
  const issues: ErrorIssue[] = [];
  if (usage === null || typeof usage !== 'object' || Array.isArray(usage)) {
    throw new ValidationError('Invalid usage report', [
      { path, message: 'must be an object like { inputTokens, outputTokens? }' },
    ]);
  }
  const fields = usage as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (FIELDS.has(key)) continue;
    const known = PROVIDER_NAMES[key];
    issues.push({
      path: `${path}.${key}`,
      message: known
        ? `is not a field; pass the provider's ${key} as ${known}`
        : 'is not a field of a usage report',
    });
  }
  const count = (key: string, required: boolean) => {
    const value = fields[key];
    if (value === undefined && !required) return;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      issues.push({
        path: `${path}.${key}`,
        message: `must be a whole number of tokens, 0 or more, got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
      });
  };
  count('inputTokens', true);
  count('outputTokens', false);
  count('cachedInputTokens', false);
  count('cacheWriteTokens', false);
  if (issues.length === 0) {
    const cached =
      ((fields.cachedInputTokens as number | undefined) ?? 0) +
      ((fields.cacheWriteTokens as number | undefined) ?? 0);
    if (cached > (fields.inputTokens as number))
      issues.push({
        path: `${path}.cachedInputTokens`,
        message: `cached and cache-written tokens (${formatCount(cached)}) cannot exceed inputTokens (${formatCount(fields.inputTokens as number)}), which counts them too`,
      });
  }
  if (issues.length > 0) throw new ValidationError('Invalid usage report', issues);
  return usage as Usage;
}
