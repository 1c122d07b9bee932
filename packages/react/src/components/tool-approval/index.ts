export { checkToolCalls, settledDecisions, type ToolDecisions } from '@ctxkit/core/view';
export { ToolApproval, type ToolApprovalProps } from './tool-approval.js';
