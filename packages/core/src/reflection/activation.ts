/**
 * Activation: how much an item has mattered lately. It grows when the item is in a plan, when a reply
 * references it and when the user does, and halves every turn, so an item stops counting a few turns after it
 * stops being used.
 */
export interface ActivationGains {
  /** Item keys the turn's final plan included. */
  readonly included: readonly string[];
  /** Item keys the model's replies referenced (quoted or called). */
  readonly replied: readonly string[];
  /** Item keys the user's message referenced. */
  readonly user: readonly string[];
}

export const ACTIVATION_RULES = {
  /** What is left of an item's activation after a turn. */
  decay: 0.5,
  included: 1,
  replied: 2,
  user: 2,
  /** Activation below this is forgotten, so the state stays as small as the set of recently used items. */
  floor: 0.01,
} as const;

/** The activation after a committed turn: every value decays, then the turn's gains are added. Sorted by key. */
export function nextActivation(
  previous: Readonly<Record<string, number>>,
  gains: ActivationGains,
): Record<string, number> {
  const next = new Map<string, number>();
  for (const [key, value] of Object.entries(previous)) next.set(key, value * ACTIVATION_RULES.decay);
  const add = (keys: readonly string[], amount: number) => {
    for (const key of new Set(keys)) next.set(key, (next.get(key) ?? 0) + amount);
  };
  add(gains.included, ACTIVATION_RULES.included);
  add(gains.replied, ACTIVATION_RULES.replied);
  add(gains.user, ACTIVATION_RULES.user);
  const result: Record<string, number> = {};
  for (const key of [...next.keys()].sort()) {
    // Rounded, so the values (which go into plan inputs and ids) print the same everywhere.
    const value = Math.round((next.get(key) as number) * 1000) / 1000;
    if (value >= ACTIVATION_RULES.floor) result[key] = value;
  }
  return result;
}
