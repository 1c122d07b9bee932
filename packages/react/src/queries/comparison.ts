import type { ChatMessage, ContextPlan, PlanDiff } from '@ctxkit/core';
import { diffPlans } from '@ctxkit/core/replay';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEngine } from '../provider/index.js';
import { ctxkitKeys } from '../query-cache/index.js';
import { messagesOf, usePlan } from './hooks.js';

/**
 * The plan id of the request the turn before this reply's turn ended with: the last tracked reply before the user
 * message that opened this reply's turn. Undefined when there is none (the session's first turn) or the reply is
 * unknown.
 */
export function previousTurnPlanId(messages: readonly ChatMessage[], messageId: string): string | undefined {
  let index = messages.findIndex((message) => message.id === messageId);
  while (index >= 0 && messages[index]?.role !== 'user') index -= 1;
  for (let i = index - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'assistant' && message.requestContext) return message.requestContext.planId;
  }
  return undefined;
}

export interface PlanComparison {
  /** Null while either plan loads, when there is no previous turn, or when a plan could not be read. */
  readonly diff: PlanDiff | null;
  /** False for a reply of the session's first turn: there is nothing to compare with. */
  readonly hasPrevious: boolean;
  readonly isPending: boolean;
  readonly error: unknown;
}

/** What changed in a reply's plan since the previous turn's (see `diffPlans` of `@ctxkit/core/replay`). */
export function usePlanComparison(
  sessionId: string,
  messageId: string,
  planId: string | undefined,
): PlanComparison {
  const engine = useEngine();
  const previousId = useQuery({
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryKey: ctxkitKeys.messages(sessionId),
    queryFn: () => messagesOf(engine, sessionId),
    select: (messages: readonly ChatMessage[]) => previousTurnPlanId(messages, messageId) ?? null,
  });
  const before = usePlan(sessionId, previousId.data);
  const after = usePlan(sessionId, planId);
  const diff = useMemo(
    () => (before.data && after.data ? diffPlans(before.data as ContextPlan, after.data) : null),
    [before.data, after.data],
  );
  return {
    diff,
    hasPrevious: typeof previousId.data === 'string',
    isPending:
      previousId.isPending || (typeof previousId.data === 'string' && (before.isPending || after.isPending)),
    error: previousId.error ?? before.error ?? after.error,
  };
}
