import type { Summarizer, SummaryResult } from '../history/index.js';
import type { Redactor } from './redactor.js';

/**
 * A summarizer whose answers are redacted before anything keeps them: its summary becomes a checkpoint (stored,
 * and sent with later requests) and its key points and preferences become memories (stored, and offered to other
 * conversations). Answers that are not text are passed on as they are, for the engine to refuse as usual.
 */
export function redactingSummarizer(summarizer: Summarizer, redactor: Redactor): Summarizer {
  const clean = <T>(value: T): T => (typeof value === 'string' ? redactor.redact(value).text : value) as T;
  return async (input) => {
    const result: unknown = await summarizer(input);
    if (typeof result === 'string') return clean(result);
    if (result === null || typeof result !== 'object') return result as SummaryResult;
    const { summary, keyPoints, preferences } = result as Partial<SummaryResult>;
    return {
      ...(result as SummaryResult),
      summary: clean(summary as string),
      ...(Array.isArray(keyPoints) && { keyPoints: keyPoints.map(clean) }),
      ...(preferences !== null &&
        typeof preferences === 'object' && {
          preferences: Object.fromEntries(
            Object.entries(preferences).map(([key, value]) => [key, clean(value)]),
          ),
        }),
    };
  };
}
