export { TaskField, type TaskFieldProps } from './task-field.js';
export { TextSetting, type TextSettingProps } from './text-setting.js';
export { WorkspaceEditor, type WorkspaceEditorProps } from './workspace-editor.js';
