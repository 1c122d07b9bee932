export {
  type AnthropicBlock,
  type AnthropicCacheControl,
  type AnthropicInputSchema,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
  type AnthropicRenderOptions,
  renderAnthropicMessages,
} from './anthropic.js';
export { layoutPlan, type PromptLayout, type ToolDefinition } from './layout.js';
export {
  type OpenAIChatRequest,
  type OpenAIContentPart,
  type OpenAIMessage,
  type RenderOptions,
  renderOpenAIChat,
} from './openai.js';
export {
  escapeAttribute,
  escapeText,
  formatArguments,
  formatCapsule,
  formatCard,
  formatCheckpoint,
  formatFragment,
  formatItem,
  formatMemory,
  formatRecall,
  formatToolForCounting,
  PART_SEPARATOR,
} from './text.js';
