export { chatTemplateById, chatTemplateOf } from './choose.js';
export { estimateCounter } from './estimate.js';
export { CHAT_TEMPLATES, OPENAI_TEMPLATE } from './families.js';
export { type ToolDefinitionParts, toolDefinitionText } from './tool-text.js';
export type { ChatTemplateCost, TokenEstimate, ToolDefinitionFormat } from './types.js';
