import { CorruptRecordError, StoreVersionError } from '../../errors/index.js';
import type { ChatMessage } from '../../session/index.js';
import { messageProblem } from '../record-shape.js';
import { checkRow, checks, type MessageRow, RECORD_FORMAT, type TurnRow } from './rows.js';
import { chunkLayout, type Segment, SegmentLayout, type SegmentWrites } from './segments.js';
import type { TurnEntry } from './session-index.js';

type Problem = CorruptRecordError | StoreVersionError;

function isProblem(error: unknown): error is Problem {
  return error instanceof CorruptRecordError || error instanceof StoreVersionError;
}

/**
 * A session's messages from its segment rows, in order. Strict (no `problems` list): the first unreadable row or
 * message throws, naming it. Salvaging: unreadable ones are skipped and listed.
 */
export function readMessageRows(
  rows: readonly unknown[],
  sessionId: string,
  problems?: Problem[],
): { messages: ChatMessage[]; layout: SegmentLayout } {
  const messages: ChatMessage[] = [];
  const segments: Segment[] = [];
  for (const value of rows) {
    const start = (value as { position?: unknown } | null)?.position;
    let row: MessageRow;
    try {
      row = checkRow<MessageRow>(
        value,
        `messages from ${String(start)} of session ${sessionId}`,
        checks.messages,
      );
      if (!problems && row.position !== messages.length) {
        throw new CorruptRecordError(
          `messages from ${row.position} of session ${sessionId}`,
          `messages ${messages.length}–${row.position - 1} are missing`,
        );
      }
    } catch (error) {
      if (problems && isProblem(error)) {
        problems.push(error);
        continue;
      }
      throw error;
    }
    segments.push({ start: row.position, count: row.messages.length });
    row.messages.forEach((message, i) => {
      const problem = messageProblem(message);
      if (problem === null) {
        messages.push(message as ChatMessage);
        return;
      }
      const error = new CorruptRecordError(`message ${row.position + i} of session ${sessionId}`, problem);
      if (!problems) throw error;
      problems.push(error);
    });
  }
  return { messages, layout: new SegmentLayout(segments) };
}

/**
 * The turns plans refer to. A row that cannot be read leaves its turns empty: they matter only to the plans that
 * refer to them, which then fail to load (CorruptRecordError), not the session.
 */
export function readTurnRows(
  rows: readonly unknown[],
  sessionId: string,
  total: number,
): { turns: TurnEntry[]; layout: SegmentLayout } {
  const turns: TurnEntry[] = [];
  const segments: Segment[] = [];
  const missing: TurnEntry = { messages: [], shells: [] };
  rows.forEach((value, i) => {
    const start = (value as { position?: unknown } | null)?.position;
    const next = (rows[i + 1] as { position?: unknown } | null)?.position;
    try {
      const row = checkRow<TurnRow>(
        value,
        `turns from ${String(start)} of session ${sessionId}`,
        checks.turns,
      );
      while (turns.length < row.position) turns.push(missing);
      segments.push({ start: row.position, count: row.turns.length });
      turns.push(...row.turns);
    } catch {
      const end = typeof next === 'number' ? next : total;
      while (turns.length < end) turns.push(missing);
    }
  });
  while (turns.length < total) turns.push(missing);
  return { turns, layout: new SegmentLayout(segments) };
}

/** The row writes for a list of items: the segments to put and the rows (by start) to delete. */
export function segmentRows<T>(
  writes: Pick<SegmentWrites, 'puts' | 'deletes'>,
  itemAt: (position: number) => T,
  sessionId: string,
  field: 'messages' | 'turns',
): { puts: (MessageRow | TurnRow)[]; deletes: [string, number][] } {
  const puts = writes.puts.map((segment) => {
    const items = Array.from({ length: segment.count }, (_, i) => itemAt(segment.start + i));
    return { v: RECORD_FORMAT, sessionId, position: segment.start, [field]: items } as unknown as
      | MessageRow
      | TurnRow;
  });
  return { puts, deletes: writes.deletes.map((start): [string, number] => [sessionId, start]) };
}

/** A whole list as rows of SEGMENT_SIZE (migration, import). */
export function allRows<T>(
  items: readonly T[],
  sessionId: string,
  field: 'messages' | 'turns',
): { rows: (MessageRow | TurnRow)[]; layout: SegmentLayout } {
  const layout = chunkLayout(items.length);
  const { puts } = segmentRows(
    { puts: layout.segments, deletes: [] },
    (p) => items[p] as T,
    sessionId,
    field,
  );
  return { rows: puts, layout };
}
