import type { ContextPlan, PlanInput } from '../planner/index.js';
import type { ModelReply, SessionRecord, Usage, UsageReport } from '../session/index.js';
import type { StoredPlan } from '../store/index.js';

/** What a request's plan estimated against what the provider reported for it. */
export function usageReportOf(
  plan: ContextPlan,
  usage: Usage | undefined,
  reply: ModelReply,
  defaultModel: string,
): UsageReport {
  return {
    planId: plan.id,
    estimatedInputTokens: plan.budget.used,
    actualInputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    encoding: plan.encoding,
    model: reply.model ?? defaultModel,
    ...(usage?.cachedInputTokens !== undefined && { cachedInputTokens: usage.cachedInputTokens }),
    ...(usage?.cacheWriteTokens !== undefined && { cacheWriteTokens: usage.cacheWriteTokens }),
  };
}

/** A plan as the store keeps it: its input (it is replayed from it), the session or branch and the turn. */
export function storedPlanOf(plan: ContextPlan, input: PlanInput, record: SessionRecord): StoredPlan {
  const branch = record.branch;
  return {
    id: plan.id,
    sessionId: record.id,
    ...(branch && {
      branch: { rootSessionId: branch.rootSessionId, parentSessionId: branch.parentSessionId },
    }),
    turnIndex: record.turnCount,
    input,
  };
}
