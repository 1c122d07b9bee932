export {
  buildPeerPrompt,
  historyMessages,
  itemTextOf,
  type PeerPrompt,
  type PeerRequest,
  sessionItemRefs,
  splitItems,
} from './peer-prompt.js';
