export { type BootDraft, BootScreen } from './boot-screen.js';
export { ErrorNotice, type ErrorNoticeProps } from './error-notice.js';
export { Workspace, type WorkspaceProps } from './workspace.js';
