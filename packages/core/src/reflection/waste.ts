import type { ContextPlan } from '../planner/index.js';
import type { TurnWaste, Waste, WasteEntry } from '../session/index.js';

/** The target: less than 30 % of automatically added tokens unused. */
export const WASTE_TARGET = 0.3;

/**
 * The turn's waste: of the tokens its final plan added automatically (`agent` items chosen by retrieval and
 * `memory` entries from other conversations — what the user did not choose), those of items the replies never
 * referenced. Session items, pins, history and the system prompt are the user's or the conversation's own.
 */
export function turnWaste(plan: ContextPlan, referenced: ReadonlySet<string>): TurnWaste {
  const entries: WasteEntry[] = [];
  for (const { candidate, reason } of plan.included) {
    if (reason.code !== 'agent' && reason.code !== 'memory') continue;
    entries.push({ id: candidate.id, tokens: candidate.tokens, referenced: referenced.has(candidate.id) });
  }
  return { ...sumWaste(entries), entries };
}

function sumWaste(entries: readonly WasteEntry[]): Waste {
  let autoTokens = 0;
  let wastedTokens = 0;
  for (const entry of entries) {
    autoTokens += entry.tokens;
    if (!entry.referenced) wastedTokens += entry.tokens;
  }
  return waste(autoTokens, wastedTokens);
}

function waste(autoTokens: number, wastedTokens: number): Waste {
  return { autoTokens, wastedTokens, share: autoTokens === 0 ? 0 : wastedTokens / autoTokens };
}

/** Waste over many turns: their tokens summed, so a turn weighs by what it added. */
export function totalWaste(turns: readonly Waste[]): Waste {
  let autoTokens = 0;
  let wastedTokens = 0;
  for (const turn of turns) {
    autoTokens += turn.autoTokens;
    wastedTokens += turn.wastedTokens;
  }
  return waste(autoTokens, wastedTokens);
}
