import type { ChatMessage } from '../session/index.js';
import type { CompressionInput, CompressionOutcome, Summarizer, SummaryResult } from './types.js';

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

/** Asks the summarizer to fold turns `from` to `keepFrom` (exclusive) and the checkpoint in force into a new one. */
export async function summarizeTurns(
  input: CompressionInput,
  summarizer: Summarizer,
  from: number,
  keepFrom: number,
): Promise<CompressionOutcome> {
  const { turns, current } = input;
  const messages = turns.slice(from, keepFrom).flatMap((turn) => turn.messages.filter(isSent));
  let result: SummaryResult;
  try {
    result = readSummary(
      await summarizer({
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
