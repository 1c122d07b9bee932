import type { SummarizerStatus } from '../planner/index.js';
import type { CompressionInput, CompressionOutcome } from './types.js';

/**
 * Decides whether history has outgrown its share of the budget and, if it has and a summarizer is configured,
 * asks it to fold the oldest turns not yet summarized (and the checkpoint in force) into a new checkpoint. The
 * newest turns that fit in `keepShare` stay word for word. A failing summarizer is reported, never thrown: the
 * planner then drops the oldest turns instead.
 */
export async function compressHistory(input: CompressionInput): Promise<CompressionOutcome> {
  const { turns, current, settings, tokensOf } = input;
  const idle: SummarizerStatus = settings.summarizer ? 'ok' : 'none';
  const from = current ? current.toTurn + 1 : 0;
  let tokens = current?.tokens ?? 0;
  for (let i = from; i < turns.length; i++) tokens += tokensOf(i);
  const high = Math.max(0, Math.floor(input.available * settings.maxShare) - (input.reserve ?? 0));
  if (tokens <= high || !settings.summarizer) {
    return { created: null, summarizer: idle };
  }

  const keepCap = Math.floor(input.available * settings.keepShare);
  let keepFrom = turns.length;
  let kept = 0;
  while (keepFrom > from && kept + tokensOf(keepFrom - 1) <= keepCap) {
    keepFrom -= 1;
    kept += tokensOf(keepFrom);
  }
  if (keepFrom === from) return { created: null, summarizer: idle };

  // Asking the summarizer is rare (history outgrew its share): its code loads then, not with every app.
  const { summarizeTurns } = await import('./summarize.js');
  return summarizeTurns(input, settings.summarizer, from, keepFrom);
}
