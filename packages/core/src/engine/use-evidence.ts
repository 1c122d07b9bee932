import type { Catalog, ItemKey, ItemRef } from '../catalog/index.js';
import { reportError } from '../errors/index.js';
import type { ContextPlan } from '../planner/index.js';
import type { AgentSelector, UseEvent } from '../retrieval/index.js';
import type { ChatMessage } from '../session/index.js';

/**
 * Hands evidence of use to a selector that learns (`recordUse`). Learning is a side effect of a turn or a pin that
 * has already succeeded: it never delays or fails it, and a failure is reported like a failing store listener.
 */
export function reportUse(selector: AgentSelector, event: UseEvent): void {
  if (!selector.recordUse || event.keys.length === 0 || event.query.trim() === '') return;
  try {
    Promise.resolve(selector.recordUse(event)).catch(reportError);
  } catch (error) {
    reportError(error);
  }
}

/** The agent items a plan sent. */
export function agentKeysOf(plan: ContextPlan): ItemKey[] {
  return plan.included.flatMap(({ candidate, reason }) =>
    candidate.kind === 'item' && reason.code === 'agent' ? [candidate.id] : [],
  );
}

/** The item's key when it is an `agent` item (only those are ranked per request, so only they learn). */
export function agentKeyOf(catalog: Catalog, ref: ItemRef): ItemKey[] {
  const item = catalog.get(ref);
  return item?.include === 'agent' ? [item.key] : [];
}

/** What the user asked last: the open turn's message, else the newest user message. */
export function latestUserText(messages: readonly ChatMessage[], open: string | undefined): string {
  if (open !== undefined) return open;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as ChatMessage;
    if (message.role === 'user') return message.content;
  }
  return '';
}
