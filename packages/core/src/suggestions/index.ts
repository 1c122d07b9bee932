export type { PinSuggestion, SuggestionSource } from '../session/index.js';
export {
  MAX_REASON_LENGTH,
  type ParsedReply,
  type ParsedSuggestion,
  parseSuggestions,
  SUGGEST_TAG,
} from './parse.js';
export {
  type CarriedSuggestions,
  hostSuggestion,
  type ModelSuggestionContext,
  withModelSuggestions,
  withoutSuggestion,
  withSuggestion,
} from './record.js';
export type { IgnoredSuggestion, IgnoredSuggestionReason, SuggestionReport } from './types.js';
