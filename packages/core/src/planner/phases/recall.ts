import { exclude, type PlanState, take } from './state.js';

/** The share of the budget recalled passages may take together, unless the input says otherwise. */
export const DEFAULT_RECALL_SHARE = 0.25;

/**
 * Phase 4: passages recalled from earlier conversations, best first, in their share of the room history and
 * retrieval left: what this conversation carries itself comes first, and a passage the history already sends is
 * not sent twice.
 */
export function recalledPassages(state: PlanState): void {
  const { input } = state;
  const sentMessages = new Map<string, string>();
  if (input.recall?.length)
    for (const { candidate } of state.included)
      if (candidate.kind === 'turn')
        for (const message of candidate.messages) sentMessages.set(message.id, candidate.id);
  const recallCap =
    Math.floor(state.available * (input.recallShare ?? DEFAULT_RECALL_SHARE)) + state.blockSlack;
  const threshold = input.recallThreshold ?? 0;
  let recallTokens = 0;
  for (const candidate of input.recall ?? []) {
    const inHistory = candidate.messageIds
      .map((id) => sentMessages.get(id))
      .find((turn) => turn !== undefined);
    if (inHistory !== undefined) exclude(state, candidate, { code: 'duplicate-of-history', of: inHistory });
    else if (candidate.score < threshold)
      exclude(state, candidate, { code: 'below-threshold', score: candidate.score, threshold });
    else if (recallTokens + candidate.tokens > recallCap)
      exclude(state, candidate, { code: 'recall-share', cap: recallCap });
    else if (candidate.tokens > state.remaining)
      exclude(state, candidate, { code: 'budget', needed: candidate.tokens, remaining: state.remaining });
    else {
      take(state, candidate, {
        code: 'recalled',
        score: candidate.score,
        sessionId: candidate.sessionId,
        messageIds: candidate.messageIds,
        createdAt: candidate.createdAt,
      });
      recallTokens += candidate.tokens;
    }
  }
}
