export {
  type ApprovalDecision,
  type ApproveToolCalls,
  DENIED_CONTENT,
  MAX_TOOL_ROUNDS,
  needsApproval,
  runToolCalls,
  type SendOptions,
  sendMessage,
  type ToolCallResult,
} from './send.js';
export { inheritedMessages, type Transcript, type TranscriptEntry, useTranscript } from './transcript.js';
