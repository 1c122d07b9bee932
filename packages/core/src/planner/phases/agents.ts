import type { CarriedFrom, ItemCandidate } from '../types.js';
import { agentShareCap, costOf, exclude, type PlanState, take, unavailable } from './state.js';

/** The agent item chooser: each call weighs the next item in rank order, within the mode's limits. */
export function agentSelection(state: PlanState): (candidate: ItemCandidate) => void {
  const { topK, minScore } = state.input.limits;
  const shareCap = agentShareCap(state);
  let agentCount = 0;
  let agentTokens = 0;
  return (candidate) => {
    if (unavailable(state, candidate)) return;
    const score = agentValue(candidate);
    const rank = candidate.origin.via === 'agent' ? candidate.origin.rank : 0;
    if (state.taken.has(candidate.id)) exclude(state, candidate, { code: 'duplicate', of: candidate.id });
    else if (score < minScore)
      exclude(state, candidate, { code: 'below-threshold', score, threshold: minScore });
    else if (agentCount >= topK)
      exclude(state, candidate, { code: 'mode-limit', mode: state.input.mode, limit: topK });
    else if (agentTokens + candidate.tokens > shareCap)
      exclude(state, candidate, { code: 'agent-share', cap: shareCap });
    else if (costOf(state, candidate) > state.remaining)
      exclude(state, candidate, {
        code: 'budget',
        needed: costOf(state, candidate),
        remaining: state.remaining,
      });
    else {
      const { activation, carried, expandedBy, reused } = candidate.origin as {
        activation?: number;
        carried?: CarriedFrom;
        expandedBy?: string;
        reused?: true;
      };
      const form = candidate.card ? 'card' : expandedBy !== undefined ? 'expanded' : undefined;
      take(state, candidate, {
        code: 'agent',
        score,
        rank,
        ...(activation && { activation }),
        ...(carried && { carried }),
        ...(form && { form }),
        ...(reused && { reused }),
      });
      agentCount += 1;
      agentTokens += candidate.tokens;
    }
  };
}

/** What an agent item is worth against history: its retrieval score. */
export function agentValue(candidate: ItemCandidate): number {
  return candidate.origin.via === 'agent' ? candidate.origin.score : 0;
}
