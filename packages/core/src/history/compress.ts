import type { SummarizerStatus } from '../planner/index.js';
import type { ChatMessage, Checkpoint } from '../session/index.js';
import type { HistorySettings } from './types.js';

/** A committed turn as compression sees it. */
export interface MessagesOfTurn {
  readonly messages: readonly ChatMessage[];
}

export interface CompressionInput {
  readonly sessionId: string;
  /** Every turn of the session, oldest first, and what each costs when sent. */
  readonly turns: readonly MessagesOfTurn[];
  readonly tokensOf: (turnIndex: number) => number;
  /** The checkpoint in force, the index of the last turn it covers, and its tokens. */
  readonly current: {
    readonly checkpoint: Checkpoint;
    readonly toTurn: number;
    readonly tokens: number;
  } | null;
  /** contextWindow − reservedOutput. */
  readonly available: number;
  /**
   * Tokens history leaves to the agent items when retrieval runs and history is cut in blocks: the block's
   * high-water mark is that much lower, so summarizing starts there too, before a cut drops turns unsummarized.
   */
  readonly reserve?: number;
  readonly settings: HistorySettings;
  readonly newId: () => string;
  readonly now: () => string;
}

export interface CompressionOutcome {
  /** A new checkpoint covering more turns, or null when the one in force (if any) still does. */
  readonly created: Checkpoint | null;
  readonly summarizer: SummarizerStatus;
  /** Why the summarizer failed, when it did. */
  readonly error?: unknown;
}

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
