export { ContextPicker, type ContextPickerProps } from './context-picker.js';
export { type PickerGroup, type PickerOption, pickerGroups } from './model.js';
export { useContextPicker } from './parts.js';
