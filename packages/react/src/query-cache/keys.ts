/**
 * Every query of the kit lives under `['ctxkit', …]`, and everything of one session under
 * `['ctxkit', 'session', id, …]`, so a store event can invalidate exactly what it changed.
 */
export const ctxkitKeys = {
  all: ['ctxkit'] as const,
  catalog: () => ['ctxkit', 'catalog'] as const,
  sessions: () => ['ctxkit', 'sessions'] as const,
  memories: () => ['ctxkit', 'memories'] as const,
  session: (sessionId: string) => ['ctxkit', 'session', sessionId] as const,
  record: (sessionId: string) => ['ctxkit', 'session', sessionId, 'record'] as const,
  /** The open `Session` object of a chat (`useOpenOrCreateSession`). */
  open: (sessionId: string) => ['ctxkit', 'session', sessionId, 'open'] as const,
  messages: (sessionId: string) => ['ctxkit', 'session', sessionId, 'messages'] as const,
  usage: (sessionId: string) => ['ctxkit', 'session', sessionId, 'usage'] as const,
  plan: (sessionId: string, planId: string) => ['ctxkit', 'session', sessionId, 'plan', planId] as const,
  estimates: (sessionId: string) => ['ctxkit', 'session', sessionId, 'estimate'] as const,
  estimate: (sessionId: string, draft: string) =>
    ['ctxkit', 'session', sessionId, 'estimate', draft] as const,
};
