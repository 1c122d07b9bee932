// The public API of @ctxkit/ai-sdk.
export {
  type CatalogToolOverrides,
  type CatalogToolsOptions,
  catalogTools,
  functionNamedTools,
  toolRunnerOf,
} from './catalog-tools/index.js';
export {
  type CtxkitMessageMetadata,
  type CtxkitUIMessage,
  ctxkitMessageMetadata,
  ctxkitMetadataOf,
} from './metadata.js';
export {
  type CtxkitMiddlewareOptions,
  type CtxkitSessionSelector,
  ctxkitMiddleware,
} from './middleware.js';
export { CtxkitToolResult, toolResult } from './tool-result.js';
export {
  type CtxkitCallSettings,
  CtxkitChatTransport,
  type CtxkitModelChooser,
  type CtxkitModelRequest,
  type CtxkitToolCall,
  type CtxkitToolRunner,
  type CtxkitTransportOptions,
  createCtxkitTransport,
} from './transport.js';
export {
  type CtxkitStoredMessage,
  type CtxkitStoredPart,
  dropUnstored,
  type LoadChatOptions,
  type LoadedChat,
  loadChat,
  toUIMessages,
  type UIMessageLike,
  unstoredMessageIds,
} from './ui-messages.js';
