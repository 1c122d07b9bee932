/**
 * How much a reply's references teach. A reply that names most of what it was sent (a verbose model, a responder
 * that lists its context) does not tell a used item from an unused one: learning from it at full weight only
 * reinforces what retrieval already chose, and measured on MetaTool it ranks worse than learning nothing.
 */

/**
 * Up to this share of the items a reply could have referenced, its references count in full; past it their weight
 * falls linearly to 0 at "named all of them". Chosen on one half of MetaTool's dev queries and reported on the
 * other (docs/retrieval.md, "Evidence that discriminates nothing").
 */
export const DISCRIMINATING_SHARE = 0.9;

/**
 * The weight (0–1) of a turn's `referenced` evidence when its replies named `named` of the `couldReference` items
 * they could have referenced (what the turn sent, less what the model called). Naming the only item sent, or all of
 * them, counts for nothing.
 */
export function referenceWeight(
  named: number,
  couldReference: number,
  fullUpTo: number = DISCRIMINATING_SHARE,
): number {
  if (!(couldReference > 0) || named <= 0) return 1;
  const share = Math.min(1, named / couldReference);
  if (share <= fullUpTo) return 1;
  return fullUpTo >= 1 ? 1 : (1 - share) / (1 - fullUpTo);
}
