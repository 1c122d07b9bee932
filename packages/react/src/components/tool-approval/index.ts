export { checkToolCalls, settledDecisions, type ToolDecisions } from './model.js';
export { ToolApproval, type ToolApprovalProps } from './tool-approval.js';
