export {
  chunkText,
  composeLocalReply,
  type LocalReplyInput,
  localResponder,
  type StreamOptions,
} from './local.js';
export {
  EndpointError,
  type EndpointFailure,
  eventsOfChunk,
  type OpenAIResponderOptions,
  openAIResponder,
  streamingBody,
} from './openai.js';
export { SseDecoder } from './sse.js';
export type { ResponderEvent } from './types.js';
