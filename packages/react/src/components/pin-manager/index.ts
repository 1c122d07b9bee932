export { buildPinRows, PIN_GROUPS, type PinRow, type SuggestedPin, targetTitle } from '@ctxkit/core/view';
export { usePinManager } from './parts.js';
export {
  PinManager,
  type PinManagerProps,
  SuggestedPinsHint,
  type SuggestedPinsHintProps,
} from './pin-manager.js';
