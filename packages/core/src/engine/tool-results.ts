import { type ErrorIssue, ValidationError } from '../errors/index.js';
import type { ToolApproval, ToolCall } from '../session/index.js';

/** What the host hands `continue` for one tool call of the reply. */
export interface ToolResultInput {
  readonly toolCallId: string;
  /** What the model reads as the call's result; for a denied call, that it was not allowed. */
  readonly content: string;
  readonly isError?: boolean;
  /**
   * The user's decision when the host asked before running the call: recorded on the stored result, shown in the
   * transcript, never sent. Leave it out for a call that needed no approval.
   */
  readonly approval?: ToolApproval;
}

const APPROVALS: ReadonlySet<unknown> = new Set<ToolApproval>(['approved', 'denied']);

/**
 * Checks that `toolResults` answers every call of the reply exactly once, with nothing else, and returns each
 * call's result by call id; a `ValidationError` names every problem's path otherwise.
 */
export function checkToolResults(
  calls: readonly ToolCall[],
  toolResults: readonly ToolResultInput[],
): ReadonlyMap<string, ToolResultInput> {
  if (!Array.isArray(toolResults)) {
    throw new ValidationError('Invalid tool results', [{ path: 'toolResults', message: 'must be an array' }]);
  }
  const byId = new Map(toolResults.map((result) => [result?.toolCallId, result]));
  const issues: ErrorIssue[] = [];
  if (byId.size !== toolResults.length) {
    issues.push({ path: 'toolResults', message: 'answers one tool call more than once' });
  }
  calls.forEach((call, i) => {
    if (!byId.has(call.id))
      issues.push({
        path: `reply.toolCalls[${i}]`,
        message: `tool call '${call.id}' (${call.name}) has no result`,
      });
  });
  toolResults.forEach((result, i) => {
    if (typeof result !== 'object' || result === null) {
      issues.push({ path: `toolResults[${i}]`, message: 'must be an object' });
      return;
    }
    if (!calls.some((call) => call.id === result.toolCallId)) {
      issues.push({
        path: `toolResults[${i}].toolCallId`,
        message: `'${String(result.toolCallId)}' answers no tool call of this reply`,
      });
    }
    if (typeof result.content !== 'string')
      issues.push({ path: `toolResults[${i}].content`, message: 'must be a string' });
    if (result.isError !== undefined && typeof result.isError !== 'boolean')
      issues.push({ path: `toolResults[${i}].isError`, message: 'must be a boolean' });
    if (result.approval !== undefined && !APPROVALS.has(result.approval))
      issues.push({
        path: `toolResults[${i}].approval`,
        message: `must be 'approved' or 'denied', not ${JSON.stringify(result.approval)}`,
      });
  });
  if (issues.length > 0) throw new ValidationError('Invalid tool results', issues);
  return byId as ReadonlyMap<string, ToolResultInput>;
}
