import type { SummarizerStatus } from '../planner/index.js';
import type { ChatMessage, Checkpoint } from '../session/index.js';
import type { HistorySettings, SummaryResult } from './types.js';

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

const isSent = (message: ChatMessage) => message.role !== 'system' && message.role !== 'error';

/** Checks what the host's summarizer returned; a string is the summary itself. */
export function readSummary(value: unknown): SummaryResult {
  const result = typeof value === 'string' ? { summary: value } : value;
  if (result === null || typeof result !== 'object')
    throw new TypeError('the summarizer returned no summary');
  const { summary, keyPoints, preferences } = result as Partial<SummaryResult>;
  if (typeof summary !== 'string' || summary.trim() === '')
    throw new TypeError('the summarizer returned an empty summary');
  if (keyPoints !== undefined && !(Array.isArray(keyPoints) && keyPoints.every((p) => typeof p === 'string')))
    throw new TypeError('keyPoints must be an array of strings');
  if (
    preferences !== undefined &&
    (preferences === null ||
      typeof preferences !== 'object' ||
      Array.isArray(preferences) ||
      !Object.values(preferences).every((v) => typeof v === 'string'))
  ) {
    throw new TypeError('preferences must map names to strings');
  }
  return Object.freeze({
    summary,
    ...(keyPoints !== undefined && { keyPoints: Object.freeze([...keyPoints]) }),
    ...(preferences !== undefined && { preferences: Object.freeze({ ...preferences }) }),
  });
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
  if (tokens <= Math.floor(input.available * settings.maxShare) || !settings.summarizer) {
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

  const messages = turns.slice(from, keepFrom).flatMap((turn) => turn.messages.filter(isSent));
  let result: SummaryResult;
  try {
    result = readSummary(
      await settings.summarizer({
        sessionId: input.sessionId,
        previous: current?.checkpoint ?? null,
        messages,
      }),
    );
  } catch (error) {
    return { created: null, summarizer: 'failed', error };
  }
  const covered = turns.slice(0, keepFrom);
  const first = covered[0]?.messages[0] as ChatMessage;
  const last = covered.at(-1)?.messages.at(-1) as ChatMessage;
  return {
    created: Object.freeze({
      id: input.newId(),
      createdAt: input.now(),
      firstMessageId: first.id,
      lastMessageId: last.id,
      turns: covered.length,
      messages: covered.reduce((sum, turn) => sum + turn.messages.filter(isSent).length, 0),
      ...result,
    }),
    summarizer: 'ok',
  };
}
