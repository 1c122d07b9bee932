/** The session shown, so a reload opens the same one. Not a secret and not conversation data. */
export const CURRENT_SESSION_KEY = 'ctxkit-demo.current-session';

/** `ctxkit-demo-2026-11-22.json`, in the user's local date. */
export function exportFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `ctxkit-demo-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}
