import { expandedKeysOf } from '../cards/index.js';
import type { Catalog, ItemKey, ItemRef } from '../catalog/index.js';
import { reportError } from '../errors/index.js';
import type { ContextPlan } from '../planner/index.js';
import { type AgentSelector, referenceWeight, type UseEvent } from '../retrieval/index.js';
import type { ChatMessage, TurnStep } from '../session/index.js';

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

/**
 * What a committed turn shows about each agent item its plan sent: the model called it (a call whose result was
 * not an error), else the replies referenced it, else it went unused (unless it was sent as a name-only card). A
 * failed call is not a use. `referenced` is
 * the reflection's: the plan's candidate ids the replies named or called. References carry a weight below 1 when the
 * replies named most of what they could have referenced (`referenceWeight`).
 */
export function evidenceOfTurn(
  plan: ContextPlan,
  steps: readonly TurnStep[],
  referenced: readonly string[],
  query: string,
): UseEvent[] {
  const sent = agentKeysOf(plan);
  if (sent.length === 0) return [];
  const keyOfFunction = new Map<string, ItemKey>();
  for (const { candidate } of plan.included)
    if (candidate.kind === 'item' && candidate.body?.type === 'tool')
      keyOfFunction.set(candidate.body.functionName, candidate.id);
  const failed = new Set<string>();
  for (const step of steps) if (step.role === 'tool' && step.isError) failed.add(step.toolCallId);
  // Asking for a card's full item is a use, like a call.
  const calledOk = new Set<ItemKey>(expandedKeysOf(plan, steps));
  const calledAndFailed = new Set<ItemKey>();
  for (const step of steps) {
    if (step.role !== 'assistant') continue;
    for (const call of step.modelReply.toolCalls ?? []) {
      const key = keyOfFunction.get(call.name);
      if (key !== undefined) (failed.has(call.id) ? calledAndFailed : calledOk).add(key);
    }
  }
  // A card that showed only a name, and was not asked for, says nothing against its item: the model saw too little
  // of it to judge. Counted as unused, the many name-only cards of a light request would bury the items they name.
  const nameOnly = new Set<ItemKey>();
  for (const { candidate } of plan.included)
    if (candidate.kind === 'item' && candidate.card?.nameOnly) nameOnly.add(candidate.id);
  const named = new Set(referenced);
  const byKind: Record<'called' | 'referenced' | 'unused', ItemKey[]> = {
    called: [],
    referenced: [],
    unused: [],
  };
  for (const key of sent) {
    if (calledOk.has(key)) byKind.called.push(key);
    // The reflection counts any call as a reference; one that only failed is not.
    else if (named.has(key) && !calledAndFailed.has(key)) byKind.referenced.push(key);
    else if (!nameOnly.has(key)) byKind.unused.push(key);
  }
  // References count by how much they discriminate among what the reply could have referenced (what it was sent,
  // less what it called): naming all or most of it, as a verbose reply does, says little about what was of use.
  const weight = referenceWeight(byKind.referenced.length, sent.length - byKind.called.length);
  return (['called', 'referenced', 'unused'] as const)
    .filter((kind) => byKind[kind].length > 0)
    .map((kind) =>
      kind === 'referenced' && weight < 1
        ? { kind, query, keys: byKind[kind], weight }
        : { kind, query, keys: byKind[kind] },
    );
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
