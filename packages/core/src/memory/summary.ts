import type { MemoryInput } from './types.js';

/** The parts of a summarizer's result that become memories. */
export interface SummaryMemories {
  readonly keyPoints?: readonly string[];
  readonly preferences?: Readonly<Record<string, string>>;
}

/**
 * Memories from a summary (a compression checkpoint's key points and learned preferences), each naming the
 * checkpoint it came from. The summarizer integration calls this with each checkpoint it stores and hands the
 * result to `engine.remember(sessionId, entries)`; blank entries are skipped.
 */
export function memoriesFromSummary(
  summary: SummaryMemories,
  source: { readonly checkpointId?: string; readonly messageId?: string } = {},
): MemoryInput[] {
  const from = {
    ...(source.checkpointId !== undefined && { checkpointId: source.checkpointId }),
    ...(source.messageId !== undefined && { messageId: source.messageId }),
  };
  const inputs: MemoryInput[] = [];
  for (const [key, value] of Object.entries(summary.preferences ?? {})) {
    if (key.trim() !== '' && typeof value === 'string' && value.trim() !== '')
      inputs.push({ kind: 'preference', key, value, ...from });
  }
  for (const text of summary.keyPoints ?? []) {
    if (typeof text === 'string' && text.trim() !== '') inputs.push({ kind: 'key-point', text, ...from });
  }
  return inputs;
}
