export { type BudgetCheck, checkBudget, messageTokens, requestTokens, toolTokens } from './budget.js';
export { checkToolPairs, type ToolPairCheck } from './pairs.js';
export type { SentContent, SentMessage, SentRequest, SentTool, SentToolCall } from './request.js';
