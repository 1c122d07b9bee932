import { type ErrorIssue, ValidationError } from '../errors/index.js';
import { frozenJsonCopy } from '../json/index.js';
import type { ModelReply } from '../session/index.js';
import { jsonIssue } from '../validation/index.js';

/**
 * Checks a model reply and returns a frozen copy of it: what is recorded must not change when the host reuses its
 * objects (a streaming buffer, say) after handing them over.
 */
export function normalizeReply(reply: ModelReply | string, path: string): ModelReply {
  const value: unknown = typeof reply === 'string' ? { content: reply } : reply;
  if (value === null || typeof value !== 'object') {
    throw new ValidationError('Invalid reply', [{ path, message: 'must be a string or a ModelReply' }]);
  }
  const candidate = value as Partial<ModelReply>;
  const issues: ErrorIssue[] = [];
  if (typeof candidate.content !== 'string')
    issues.push({ path: `${path}.content`, message: 'must be a string' });
  if (candidate.toolCalls !== undefined && !Array.isArray(candidate.toolCalls)) {
    issues.push({ path: `${path}.toolCalls`, message: 'must be an array' });
  }
  const calls = Array.isArray(candidate.toolCalls) ? candidate.toolCalls : [];
  const ids = new Set<string>();
  for (const [i, call] of calls.entries()) {
    const at = `${path}.toolCalls[${i}]`;
    if (typeof call?.id !== 'string' || call.id === '')
      issues.push({ path: `${at}.id`, message: 'must be a non-empty string' });
    else if (ids.has(call.id))
      issues.push({ path: `${at}.id`, message: `'${call.id}' is the id of another call too` });
    else ids.add(call.id);
    if (typeof call?.name !== 'string' || call.name === '')
      issues.push({ path: `${at}.name`, message: 'must be a non-empty string' });
    if (call?.arguments === null || typeof call?.arguments !== 'object' || Array.isArray(call.arguments)) {
      issues.push({
        path: `${at}.arguments`,
        message: 'must be an object (parse JSON argument strings first)',
      });
    } else {
      const notJson = jsonIssue(call.arguments, `${at}.arguments`);
      if (notJson) issues.push(notJson);
    }
  }
  if (issues.length > 0) throw new ValidationError('Invalid reply', issues);
  return frozenJsonCopy({
    content: candidate.content as string,
    ...(calls.length > 0 && { toolCalls: calls }),
    ...(candidate.model !== undefined && { model: candidate.model }),
    ...(candidate.stopReason !== undefined && { stopReason: candidate.stopReason }),
  });
}

/** A reply that calls tools, as `continue` takes it. */
export function callingReply(reply: ModelReply): ModelReply {
  const checked = normalizeReply(reply, 'reply');
  if ((checked.toolCalls ?? []).length === 0)
    throw new ValidationError('Invalid continuation', [
      {
        path: 'reply.toolCalls',
        message: 'continue() is for replies that call tools; use commit() for a final reply',
      },
    ]);
  return checked;
}

/** A final reply, as `commit` takes it: it leaves no tool call without its result. */
export function finalReply(reply: ModelReply | string): ModelReply {
  const checked = normalizeReply(reply, 'reply');
  if ((checked.toolCalls ?? []).length > 0)
    throw new ValidationError('Invalid reply', [
      {
        path: 'reply.toolCalls',
        message: 'a final reply cannot leave tool calls without results; pass them to continue() first',
      },
    ]);
  return checked;
}
