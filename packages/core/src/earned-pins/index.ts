export { type Earned, type EarnInput, earnTurn, isEarned, withDismissed } from './earn.js';
export {
  DEFAULT_EARNED_PINS,
  type EarnedPinRules,
  type EarnedPinsOption,
  resolveEarnedPins,
} from './rules.js';
export { topicShiftLapses } from './topic.js';
