export { cx } from './class-names.js';
export { type Disclosure, openState, triggerProps, useDisclosure } from './disclosure.js';
export { type Hotkey, matchesHotkey, parseHotkey } from './hotkey.js';
export {
  SessionSwitch,
  type SessionSwitchProps,
  SwitchError,
  SwitchLabel,
  type SwitchLabelProps,
  type SwitchWrite,
} from './session-switch.js';
export {
  inState,
  StateEmpty,
  type StateEmptyProps,
  StateError,
  type StateErrorProps,
} from './state-status.js';
export {
  EmptyMessage,
  ErrorMessage,
  errorText,
  Loading,
  type LoadState,
  type StatusProps,
} from './status.js';
