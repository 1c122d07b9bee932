import type { JsonValue } from '../../catalog/index.js';
import { CorruptRecordError, StoreVersionError } from '../../errors/index.js';
import type { RetrievalSet } from '../../retrieval-types/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../../session/index.js';
import { messageProblem, recordProblem } from '../record-shape.js';
import type { EncodedPlan } from './plan-codec.js';
import type { SessionCounts, TurnEntry } from './session-index.js';

/**
 * The format version written into every row. A row with a larger one was written by a newer ctxkit: it is refused
 * with StoreVersionError rather than misread. Records themselves (sessions, messages, plans, …) are kept as the
 * structured clones they were handed in, never taken apart field by field, so fields a newer engine adds survive.
 */
export const RECORD_FORMAT = 1;

interface Versioned {
  readonly v: number;
}

export interface SessionRow extends Versioned {
  readonly id: string;
  readonly record: SessionRecord;
  readonly counts: SessionCounts;
}
/** A segment of a session's messages (see segments.ts): `position` is the first one's. */
export interface MessageRow extends Versioned {
  readonly sessionId: string;
  readonly position: number;
  readonly messages: readonly ChatMessage[];
}
/** A segment of the turns a session's plans refer to. */
export interface TurnRow extends Versioned {
  readonly sessionId: string;
  readonly position: number;
  readonly turns: readonly TurnEntry[];
}
export interface PlanRow extends Versioned {
  readonly id: string;
  readonly sessionId: string;
  readonly order: number;
  readonly plan: EncodedPlan;
}
export interface UsageRow extends Versioned {
  readonly sessionId: string;
  readonly order: number;
  readonly report: UsageReport;
}
export interface RetrievalSetRow extends Versioned {
  readonly id: string;
  readonly sessionId: string;
  readonly set: RetrievalSet;
}
export interface BlobRow extends Versioned {
  readonly hash: string;
  readonly content: string;
}
export interface BlobRefRow {
  readonly hash: string;
  readonly sessionId: string;
}
export interface EmbeddingRow extends Versioned {
  readonly modelId: string;
  readonly hash: string;
  readonly vector: Float32Array;
}
export interface DocumentRow extends Versioned {
  readonly key: string;
  readonly value: JsonValue;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Checks a row read back before anything uses it: an object with a known format version and the fields `check`
 * needs. A row from a newer version is a StoreVersionError; anything else unreadable is a CorruptRecordError
 * naming the row.
 */
export function checkRow<T>(
  value: unknown,
  where: string,
  check: (row: Record<string, unknown>) => string | null,
): T {
  if (!isObject(value)) throw new CorruptRecordError(where, 'it is not an object');
  const v = value.v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1)
    throw new CorruptRecordError(where, 'it has no format version');
  if (v > RECORD_FORMAT) throw new StoreVersionError(where, v, RECORD_FORMAT);
  const problem = check(value);
  if (problem) throw new CorruptRecordError(where, problem);
  return value as T;
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/** Whether a value read from a segment is a message the engine can use. */
export function isMessage(value: unknown): value is ChatMessage {
  return messageProblem(value) === null;
}

export const checks = {
  session(row: Record<string, unknown>): string | null {
    const record = row.record;
    if (!isObject(record) || record.id !== row.id) return 'its record is missing or has another id';
    const wrong = recordProblem(record);
    if (wrong) return wrong;
    const counts = row.counts;
    if (!isObject(counts) || !['messages', 'turns', 'plans', 'usage'].every((key) => isCount(counts[key])))
      return 'its row counts are missing';
    return null;
  },
  messages(row: Record<string, unknown>): string | null {
    if (!isCount(row.position) || !Array.isArray(row.messages)) return 'it is not a run of messages';
    return null;
  },
  turns(row: Record<string, unknown>): string | null {
    if (!isCount(row.position) || !Array.isArray(row.turns)) return 'it is not a run of turns';
    const readable = row.turns.every(
      (turn: unknown) =>
        isObject(turn) &&
        Array.isArray(turn.messages) &&
        turn.messages.every(isCount) &&
        Array.isArray(turn.shells) &&
        turn.shells.every(isObject),
    );
    return readable ? null : 'a turn in it is unreadable';
  },
  usage(row: Record<string, unknown>): string | null {
    return isObject(row.report) ? null : 'it holds no usage report';
  },
  retrievalSet(row: Record<string, unknown>): string | null {
    return isObject(row.set) && (row.set as { id?: unknown }).id === row.id
      ? null
      : 'it holds no retrieval set';
  },
  blob(row: Record<string, unknown>): string | null {
    return typeof row.content === 'string' ? null : 'its content is not a string';
  },
  embedding(row: Record<string, unknown>): string | null {
    return row.vector instanceof Float32Array ? null : 'its vector is not a Float32Array';
  },
  document(row: Record<string, unknown>): string | null {
    return 'value' in row ? null : 'it holds no value';
  },
};
