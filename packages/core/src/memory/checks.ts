import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';
import type { MemoryInput } from './types.js';

/** Whether a session takes part in cross-conversation memory: yes unless its record says `memory: false`. */
export function usesMemory(record: SessionRecord): boolean {
  return record.memory !== false && record.private !== true;
}

/** Checks what a host hands to `engine.remember`, with the path of every problem. */
export function checkMemoryInputs(inputs: unknown, messageIds: ReadonlySet<string>): readonly MemoryInput[] {
  if (!Array.isArray(inputs)) {
    throw new ValidationError('Invalid memories', [{ path: 'entries', message: 'must be an array' }]);
  }
  const issues: ErrorIssue[] = [];
  const text = (value: unknown, path: string) => {
    if (typeof value !== 'string' || value.trim() === '')
      issues.push({ path, message: 'must be a non-empty string' });
  };
  inputs.forEach((input: Partial<Record<string, unknown>> | null, i) => {
    const at = `entries[${i}]`;
    if (input === null || typeof input !== 'object') {
      issues.push({ path: at, message: 'must be an object' });
      return;
    }
    if (input.kind === 'key-point') text(input.text, `${at}.text`);
    else if (input.kind === 'preference') {
      text(input.key, `${at}.key`);
      text(input.value, `${at}.value`);
    } else {
      issues.push({
        path: `${at}.kind`,
        message: `unknown kind ${JSON.stringify(input.kind)} (expected 'key-point' or 'preference')`,
      });
    }
    if (
      input.messageId !== undefined &&
      !(typeof input.messageId === 'string' && messageIds.has(input.messageId))
    )
      issues.push({ path: `${at}.messageId`, message: 'is not a message of that session' });
    if (input.checkpointId !== undefined && typeof input.checkpointId !== 'string')
      issues.push({ path: `${at}.checkpointId`, message: 'must be a string' });
  });
  if (issues.length > 0) throw new ValidationError('Invalid memories', issues);
  return inputs as MemoryInput[];
}
