import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { ToolApproval, ToolCall } from '../session/index.js';

/** Each call's decision by call id, once every call has one. */
export type ToolDecisions = Readonly<Record<string, ToolApproval>>;

/**
 * Checks the `calls` prop (a non-empty list of calls with distinct ids and names, as a model reply carries them) and,
 * when given, the callbacks.
 */
export function checkToolCalls(
  calls: unknown,
  callbacks: { readonly onSettled?: unknown; readonly onDecision?: unknown } = {},
): asserts calls is readonly ToolCall[] {
  const issues: ErrorIssue[] = [];
  if ('onSettled' in callbacks && typeof callbacks.onSettled !== 'function')
    issues.push({ path: 'onSettled', message: 'must be a function' });
  if (callbacks.onDecision !== undefined && typeof callbacks.onDecision !== 'function')
    issues.push({ path: 'onDecision', message: 'must be a function when given' });
  if (!Array.isArray(calls) || calls.length === 0) {
    issues.push({ path: 'calls', message: 'must be a non-empty array of tool calls' });
  } else {
    const seen = new Set<string>();
    calls.forEach((call: unknown, i) => {
      const { id, name } = (typeof call === 'object' && call !== null ? call : {}) as Partial<ToolCall>;
      if (typeof id !== 'string' || id === '')
        issues.push({ path: `calls[${i}].id`, message: 'must be a non-empty string' });
      else if (seen.has(id)) issues.push({ path: `calls[${i}].id`, message: `repeats the id '${id}'` });
      else seen.add(id);
      if (typeof name !== 'string' || name === '')
        issues.push({ path: `calls[${i}].name`, message: 'must be a non-empty string' });
    });
  }
  if (issues.length > 0) throw new ValidationError('Invalid ToolApproval calls', issues);
}

/** The decisions once every call has one; null while any is still open. */
export function settledDecisions(
  calls: readonly ToolCall[],
  decisions: ReadonlyMap<string, ToolApproval>,
): ToolDecisions | null {
  if (!calls.every((call) => decisions.has(call.id))) return null;
  return Object.fromEntries(calls.map((call) => [call.id, decisions.get(call.id) as ToolApproval]));
}
