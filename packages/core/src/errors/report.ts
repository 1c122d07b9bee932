/**
 * Reports an error that must not fail the operation it happened in (a listener that throws, a follow-up write after
 * a commit): where the host sees uncaught errors (`reportError`), else as an uncaught error of its own task.
 */
export function reportError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (report) report(error);
  else
    setTimeout(() => {
      throw error;
    });
}
