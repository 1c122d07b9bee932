export {
  answerFromTool,
  arithmeticIn,
  asksTime,
  CALCULATOR,
  CURRENT_TIME,
  chunkText,
  composeLocalReply,
  docsQuery,
  type LocalReplyInput,
  localResponder,
  plannedToolCall,
  randomCallId,
  SEARCH_DOCS,
  type StreamOptions,
  turnToolExchanges,
} from './local.js';
export {
  assembleToolCalls,
  EndpointError,
  type EndpointFailure,
  eventsOfChunk,
  type OpenAIResponderOptions,
  openAIResponder,
  streamingBody,
  type ToolCallDelta,
} from './openai.js';
export { SseDecoder } from './sse.js';
export type { ResponderEvent } from './types.js';
