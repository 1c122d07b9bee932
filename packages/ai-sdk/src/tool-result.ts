import { type ErrorIssue, type ToolApproval, ValidationError } from '@ctxkit/core';

/** What a tool runner returns when it has more to say than the output: the user's decision, or a failure. */
export class CtxkitToolResult {
  /** What the model reads: a string as it is, anything else as JSON. */
  readonly output: unknown;
  /** The user's decision when they were asked before the call ran; recorded on the stored result, never sent. */
  readonly approval: ToolApproval | undefined;
  /** The call failed (or was denied): the model reads the output as an error. */
  readonly isError: boolean;

  constructor(output: unknown, approval: ToolApproval | undefined, isError: boolean) {
    this.output = output;
    this.approval = approval;
    this.isError = isError;
  }
}

/**
 * A tool runner's answer with the user's decision: `toolResult(output, { approval: 'approved' })` for a call the user
 * allowed, `toolResult('The user did not allow this call.', { approval: 'denied' })` for one they refused (an error
 * result, unless `isError` says otherwise). The decision is stored with the call's result in the turn.
 */
export function toolResult(
  output: unknown,
  options: { readonly approval?: ToolApproval; readonly isError?: boolean } = {},
): CtxkitToolResult {
  const issues: ErrorIssue[] = [];
  if (options.approval !== undefined && options.approval !== 'approved' && options.approval !== 'denied')
    issues.push({
      path: 'options.approval',
      message: `must be 'approved' or 'denied', not ${String(options.approval)}`,
    });
  if (options.isError !== undefined && typeof options.isError !== 'boolean')
    issues.push({ path: 'options.isError', message: 'must be a boolean' });
  if (issues.length > 0) throw new ValidationError('Invalid tool result', issues);
  return new CtxkitToolResult(output, options.approval, options.isError ?? options.approval === 'denied');
}
