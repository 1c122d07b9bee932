export { CleanupSuggestion, type CleanupSuggestionProps } from './cleanup-suggestion.js';
