export { ErrorNotice, type ErrorNoticeProps } from './error-notice.js';
export { Workspace, type WorkspaceProps } from './workspace.js';
