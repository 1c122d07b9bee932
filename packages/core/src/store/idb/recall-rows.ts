import { CorruptRecordError, reportError } from '../../errors/index.js';
import {
  RECALL_TERMS_VERSION,
  type RecallEntry,
  recallable,
  recallEntries,
  recallEntryProblem,
} from '../../recall-entries/index.js';
import type { ChatMessage } from '../../session/index.js';
import type { StoredRecall } from '../../store-types/index.js';
import { checkRow, checks, RECORD_FORMAT, type SessionRow } from './rows.js';
import { STORES } from './schema.js';
import { readMessageRows } from './segment-rows.js';
import { sessionRange, type Tx } from './session-rows.js';

// Recall rows, inside a transaction: one per committed turn of a session that may be recalled, covering its messages
// [position, end). A session's rows are usable when they cover every stored message from 0 without a gap; a gap (a
// database written before version 3, turns committed while recall was off) or an unreadable row has the session
// indexed again from its messages.

export interface RecallRow {
  readonly v: number;
  readonly sessionId: string;
  /** The turn's first message's position: the row's key with the session id. */
  readonly position: number;
  /** One past its last message's position. */
  readonly end: number;
  /** RECALL_TERMS_VERSION when written: terms of another tokenizer are not mixed with this one's. */
  readonly termsVersion: number;
  readonly entries: readonly RecallEntry[];
}

/** Messages per row written when a session is indexed whole, so erasing one rewrites a small row. */
const ROW_SPAN = 64;

export function recallRow(
  sessionId: string,
  position: number,
  end: number,
  entries: readonly RecallEntry[],
): RecallRow {
  return { v: RECORD_FORMAT, sessionId, position, end, termsVersion: RECALL_TERMS_VERSION, entries };
}

function recallRowProblem(row: Record<string, unknown>): string | null {
  if (
    !Number.isInteger(row.position) ||
    !Number.isInteger(row.end) ||
    (row.end as number) < (row.position as number)
  )
    return 'its positions are not a range';
  if (!Array.isArray(row.entries)) return 'its entries are not a list';
  for (const [i, entry] of row.entries.entries()) {
    const problem = recallEntryProblem(entry);
    if (problem) return `entries[${i}]: ${problem}`;
  }
  return null;
}

/** The rows of one session when they cover all of its `count` messages; null otherwise, a bad row reported. */
function coveringEntries(sessionId: string, count: number, raws: readonly unknown[]): RecallEntry[] | null {
  const entries: RecallEntry[] = [];
  let covered = 0;
  for (const raw of raws) {
    const where = `recall row ${(raw as { position?: unknown } | null)?.position} of session ${sessionId}`;
    let row: RecallRow;
    try {
      row = checkRow<RecallRow>(raw, where, recallRowProblem);
    } catch (error) {
      // Rows only repeat what the messages hold: the session is indexed from them again, which replaces this one.
      reportError(error);
      return null;
    }
    if (row.termsVersion !== RECALL_TERMS_VERSION || row.position !== covered) return null;
    entries.push(...row.entries);
    covered = row.end;
  }
  return covered === count ? entries : null;
}

/**
 * A session read from more rows than this has them written again as rows of ROW_SPAN messages: a commit writes a
 * row per turn, and IndexedDB charges per row read.
 */
const SCATTERED = 32;

/** What `readRecallRows` found: sessions read from their rows, those to index from their messages, and those to
 * write again in fewer rows. */
export interface RecallRowsRead {
  readonly found: Map<string, StoredRecall>;
  readonly missing: SessionRow[];
  readonly scattered: Reindexed[];
}

/** Reads the recall rows of sessions that may be recalled; sessions that do not exist or may not are left out. */
export async function readRecallRows(tx: Tx, sessionIds: readonly string[]): Promise<RecallRowsRead> {
  const sessions = tx.objectStore(STORES.sessions);
  const recall = tx.objectStore(STORES.recall);
  const read = await Promise.all(
    sessionIds.map((sessionId) =>
      Promise.all([sessions.get(sessionId), recall.getAll(sessionRange(sessionId)) as Promise<unknown[]>]),
    ),
  );
  const found = new Map<string, StoredRecall>();
  const missing: SessionRow[] = [];
  const scattered: Reindexed[] = [];
  read.forEach(([raw, rows], i) => {
    const sessionId = sessionIds[i] as string;
    if (raw === undefined) return;
    let row: SessionRow;
    try {
      row = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
    } catch {
      // Listing the sessions reports it; recall leaves it out.
      return;
    }
    if (!recallable(row.record)) return;
    const entries = coveringEntries(sessionId, row.counts.messages, rows);
    if (!entries) {
      missing.push(row);
      return;
    }
    found.set(sessionId, { record: row.record, messages: row.counts.messages, entries });
    if (rows.length > SCATTERED && rows.length > Math.ceil(row.counts.messages / ROW_SPAN))
      scattered.push({ row, entries });
  });
  return { found, missing, scattered };
}

/** A session indexed from its stored messages (erased ones counted, so positions are the stored ones). */
export interface Reindexed {
  readonly row: SessionRow;
  readonly entries: RecallEntry[];
}

/** Reads the messages of sessions without usable rows and indexes them; a session whose messages fail is reported. */
export async function readForReindexing(tx: Tx, rows: readonly SessionRow[]): Promise<Reindexed[]> {
  const store = tx.objectStore(STORES.messages);
  const raws = await Promise.all(rows.map((row) => store.getAll(sessionRange(row.id)) as Promise<unknown[]>));
  const reindexed: Reindexed[] = [];
  rows.forEach((row, i) => {
    let messages: ChatMessage[];
    try {
      messages = readMessageRows(raws[i] as unknown[], row.id).messages;
    } catch (error) {
      reportError(error);
      return;
    }
    if (messages.length !== row.counts.messages) {
      reportError(
        new CorruptRecordError(
          `session ${row.id}`,
          `it counts ${row.counts.messages} messages, but ${messages.length} are stored`,
        ),
      );
      return;
    }
    reindexed.push({ row, entries: recallEntries(messages, 0) });
  });
  return reindexed;
}

/**
 * Writes a reindexed session's rows in place of the ones it had, unless a turn was committed (or recall turned off)
 * since its messages were read: then nothing is written, and the next read indexes it again. True when written.
 */
export async function writeReindexed(tx: Tx, { row, entries }: Reindexed): Promise<boolean> {
  const sessionId = row.id;
  const raw = await tx.objectStore(STORES.sessions).get(sessionId);
  if (raw === undefined) return false;
  const now = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
  if (now.counts.messages !== row.counts.messages || !recallable(now.record)) return false;
  const recall = tx.objectStore(STORES.recall);
  await recall.delete(sessionRange(sessionId));
  const count = row.counts.messages;
  const writes: Promise<unknown>[] = [];
  let next = 0;
  for (let position = 0; position < count; position += ROW_SPAN) {
    const end = Math.min(count, position + ROW_SPAN);
    const start = next;
    while (next < entries.length && (entries[next] as RecallEntry).position < end) next += 1;
    writes.push(recall.put(recallRow(sessionId, position, end, entries.slice(start, next))));
  }
  await Promise.all(writes);
  return true;
}

/** Removes erased messages' entries from the rows that hold them (the rows keep their range, so coverage holds). */
export async function eraseRecallEntries(
  tx: Tx,
  sessionId: string,
  erased: ReadonlySet<string>,
): Promise<void> {
  const recall = tx.objectStore(STORES.recall);
  const raws = (await recall.getAll(sessionRange(sessionId))) as unknown[];
  const writes: Promise<unknown>[] = [];
  for (const raw of raws) {
    const entries = (raw as { entries?: unknown } | null)?.entries;
    if (!Array.isArray(entries)) continue;
    const kept = entries.filter(
      (entry) => !erased.has((entry as { messageId?: unknown } | null)?.messageId as string),
    );
    if (kept.length !== entries.length) writes.push(recall.put({ ...(raw as RecallRow), entries: kept }));
  }
  await Promise.all(writes);
}
