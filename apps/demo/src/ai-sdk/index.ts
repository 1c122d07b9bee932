// The AI SDK page: a chat built on `useChat` and `createCtxkitTransport`, with the demo's engine and store.
export { AiSdkApp } from './ai-sdk-app.js';
export { AiSdkChat, type AiSdkChatProps } from './ai-sdk-chat.js';
export {
  composeLocalModelReply,
  createLocalModel,
  type LanguageModelSpec,
  LOCAL_PROVIDER,
  type LocalModelOptions,
  readPrompt,
} from './local-model.js';
export { modelFor } from './model.js';
export { AI_SDK_SESSION_KEY, AI_SDK_SESSION_TITLE } from './session-key.js';
