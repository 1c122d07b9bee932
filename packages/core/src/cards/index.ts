export { buildCard, DEFAULT_CARD_TOKENS, sentencesOf } from './card.js';
export {
  answerCardCalls,
  type CardAnswer,
  type CardCalls,
  expandedIn,
  expandedKeysOf,
  isExpandCall,
} from './expand.js';
