export { type PickerGroup, type PickerOption, pickerGroups } from '@ctxkit/core/view';
export { ContextPicker, type ContextPickerProps } from './context-picker.js';
export { useContextPicker } from './parts.js';
