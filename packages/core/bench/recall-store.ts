/**
 * What the recall speed benchmarks share: the LoCoMo development lines (read at run time, never copied) and stores
 * filled with them as sessions of 100 turns, committed as the engine's sessions commit.
 */
import { readFileSync } from 'node:fs';
import type { ChatMessage, SessionRecord, Store } from '../src/index.js';

const DATA = new URL('../../../../shared/data/locomo-dev/locomo-dev.json', import.meta.url);
const TURNS_PER_SESSION = 100;

/** Every line of the development conversations as `speaker: text`, in order. */
export function locomoLines(): string[] {
  const raw = JSON.parse(readFileSync(DATA, 'utf8')) as { conversation: Record<string, unknown> }[];
  return raw.flatMap((entry) =>
    Object.entries(entry.conversation)
      .filter(([key, value]) => /^session_\d+$/.test(key) && Array.isArray(value))
      .flatMap(([, value]) =>
        (value as { speaker: string; text: string }[]).map((line) => `${line.speaker}: ${line.text}`),
      ),
  );
}

/** A bench session's record; `recall: false` when `recall` is false. */
export function benchRecord(id: string, recall = true): SessionRecord {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id,
    title: id,
    createdAt: at,
    updatedAt: at,
    contextItems: [],
    pins: [],
    mode: null,
    taskId: null,
    workspace: null,
    turnCount: 0,
    ...(!recall && { recall: false }),
  };
}

/** Fills `store` with `messages` messages of `text`, in sessions of 100 turns (one commit each); the sessions' ids. */
export async function fillStore(store: Store, messages: number, text: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  let n = 0;
  for (let session = 0; n < messages; session++) {
    const id = `s${session}`;
    ids.push(id);
    await store.createSession(benchRecord(id));
    const batch: ChatMessage[] = [];
    for (let turn = 0; turn < TURNS_PER_SESSION && n < messages; turn++, n += 2) {
      const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
      batch.push({ id: `${id}-u${turn}`, role: 'user', content: text[n % text.length] as string, createdAt });
      batch.push({
        id: `${id}-a${turn}`,
        role: 'assistant',
        modelReply: { content: text[(n + 1) % text.length] as string },
        createdAt,
        planId: 'none',
        model: 'bench',
      } as ChatMessage);
    }
    await store.commitTurn({
      session: benchRecord(id),
      messages: batch,
      plans: [],
      usage: [],
      retrievalSets: [],
    });
  }
  return ids;
}
