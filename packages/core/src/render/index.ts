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
  CARD_TOOL_SERVER,
  cardText,
  EXPAND_CARD_TOOL,
  escapeAttribute,
  escapeText,
  formatArguments,
  formatCapsule,
  formatCard,
  formatCardsBlock,
  formatCheckpoint,
  formatFragment,
  formatItem,
  formatItemCard,
  formatMemory,
  formatRecall,
  formatToolForCounting,
  PART_SEPARATOR,
  toolDescriptionWithExamples,
} from './text.js';
