import type { ContextPlan } from '../planner/index.js';
import type { RequestContext, RequestContextItem } from '../session/index.js';

/** The request context of a plan: every catalog item it includes and how each came in. Reads only the plan. */
export function requestContextFromPlan(plan: ContextPlan, timestamp: string): RequestContext {
  const items: RequestContextItem[] = [];
  for (const { candidate, reason } of plan.included) {
    // An ephemeral pin of an item is sent as its card: the item was used, thinly.
    if (candidate.kind === 'card' && candidate.ref && reason.code === 'pinned') {
      items.push({ ...candidate.ref, tokens: candidate.tokens, includeMode: 'manual', pin: reason.pin });
      continue;
    }
    if (candidate.kind !== 'item') continue;
    const base = { ...candidate.ref, tokens: candidate.tokens };
    if (reason.code === 'session') items.push({ ...base, includeMode: reason.includeMode });
    else if (reason.code === 'agent')
      items.push({ ...base, includeMode: 'agent', similarityScore: reason.score });
    else if (reason.code === 'pinned') items.push({ ...base, includeMode: 'manual', pin: reason.pin });
  }
  return {
    items,
    timestamp,
    planId: plan.id,
    ...(plan.retrievalSetId !== null && { retrievalSetId: plan.retrievalSetId }),
  };
}
