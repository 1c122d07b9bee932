import type { ItemKey } from '../catalog/index.js';
import type { ItemCandidate, PlanReuse } from '../planner/index.js';

/**
 * What a reused item's score gains: `REUSE_BOOST × similarity`. Half the similarity lifts an item that served the
 * earlier message above most of what retrieval merely matched (fused scores are in 0–1), without forcing it in: the
 * mode's limits, the agent share and the budget still decide.
 */
export const REUSE_BOOST = 0.5;

/**
 * The agent candidates with reuse applied, pure: retrieval's candidates for reused items get the boost and the
 * `reused` mark, `extra` (reused items retrieval did not offer, in the reuse's order) join with the boost alone, and
 * all are ordered by score (equal scores keep their order). `reuse` keeps only the items that became candidates;
 * null when none did.
 */
export function withReuse(
  agent: readonly ItemCandidate[],
  reuse: PlanReuse,
  extra: (key: ItemKey, rank: number, score: number) => ItemCandidate | null,
): { readonly agent: ItemCandidate[]; readonly reuse: PlanReuse } | null {
  const boost = REUSE_BOOST * reuse.similarity;
  const wanted = new Set(reuse.items);
  const marked: ItemKey[] = [];
  const boosted = agent.map((candidate): ItemCandidate => {
    if (!wanted.has(candidate.id) || candidate.origin.via !== 'agent' || candidate.unavailable)
      return candidate;
    marked.push(candidate.id);
    const score = candidate.origin.score + boost;
    return { ...candidate, origin: { ...candidate.origin, score, reused: true } };
  });
  const offered = new Set(agent.map((candidate) => candidate.id));
  for (const key of reuse.items) {
    if (offered.has(key)) continue;
    const candidate = extra(key, boosted.length + 1, boost);
    if (!candidate) continue;
    boosted.push(candidate);
    marked.push(key);
  }
  if (marked.length === 0) return null;
  const scoreOf = (candidate: ItemCandidate) =>
    candidate.origin.via === 'agent' ? candidate.origin.score : 0;
  const ordered = boosted
    .map((candidate, i) => ({ candidate, i }))
    .sort((a, b) => scoreOf(b.candidate) - scoreOf(a.candidate) || a.i - b.i)
    .map(({ candidate }) => candidate);
  const kept = new Set(marked);
  return { agent: ordered, reuse: { ...reuse, items: reuse.items.filter((key) => kept.has(key)) } };
}
