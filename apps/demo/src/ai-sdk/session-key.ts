/** The conversation the AI SDK page shows, so a reload opens it again (a branch, after Regenerate). */
export const AI_SDK_SESSION_KEY = 'ctxkit-demo.ai-sdk-session';
export const AI_SDK_SESSION_TITLE = 'AI SDK chat';
