import type { JsonValue } from '../../catalog/index.js';
import { type ErrorIssue, StoreVersionError, ValidationError } from '../../errors/index.js';
import type { RetrievalSet } from '../../retrieval-types/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../../session/index.js';
import type { EncodedPlan } from './plan-codec.js';
import { isEncodedPlan } from './plan-codec.js';
import type { TurnEntry } from './session-index.js';

export const EXPORT_FORMAT = 'ctxkit-store';
export const EXPORT_VERSION = 1;

/** One session as exported: its record and every row that belongs to it, in the order they were written. */
export interface SessionExport {
  readonly record: SessionRecord;
  readonly messages: readonly ChatMessage[];
  /** The turns plans refer to (message positions and candidate fields). */
  readonly turns: readonly TurnEntry[];
  /** Plans with their history as references to `turns` (`engine.getPlan` rebuilds the full input). */
  readonly plans: readonly EncodedPlan[];
  readonly usage: readonly UsageReport[];
  readonly retrievalSets: readonly RetrievalSet[];
  /** Hashes of the blobs this session's messages refer to. */
  readonly blobs: readonly string[];
}

/**
 * Everything a store holds (or one session of it), as plain JSON: `JSON.stringify` it to save it, `JSON.parse` and
 * `importData` to restore it. Embedding vectors are little-endian float32 in base64.
 */
export interface StoreExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: typeof EXPORT_VERSION;
  readonly sessions: readonly SessionExport[];
  readonly blobs: readonly { readonly hash: string; readonly content: string }[];
  readonly embeddings: readonly {
    readonly modelId: string;
    readonly hash: string;
    readonly vector: string;
  }[];
  readonly documents: readonly { readonly key: string; readonly value: JsonValue }[];
}

export function encodeVector(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  vector.forEach((value, i) => {
    view.setFloat32(i * 4, value, true);
  });
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function decodeVector(text: string): Float32Array {
  const binary = atob(text);
  if (binary.length % 4 !== 0) throw new RangeError('not a whole number of float32 values');
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  return Float32Array.from({ length: binary.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isArray = Array.isArray;

/** Checks an export before anything of it is written; every problem is reported with its path. */
export function checkExport(data: unknown): StoreExport {
  if (!isObject(data) || data.format !== EXPORT_FORMAT) {
    throw new ValidationError('Not a ctxkit store export', [
      { path: 'format', message: `must be '${EXPORT_FORMAT}'` },
    ]);
  }
  if (typeof data.version !== 'number' || data.version > EXPORT_VERSION) {
    throw new StoreVersionError(
      'export',
      typeof data.version === 'number' ? data.version : null,
      EXPORT_VERSION,
    );
  }
  const issues: ErrorIssue[] = [];
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) issues.push({ path, message });
  };
  for (const key of ['sessions', 'blobs', 'embeddings', 'documents'])
    need(isArray(data[key]), key, 'must be an array');
  if (issues.length > 0) throw new ValidationError('Invalid store export', issues);
  const ids = new Set<string>();
  for (const [i, session] of (data.sessions as unknown[]).entries()) {
    {
      const at = `sessions[${i}]`;
      if (!isObject(session)) {
        need(false, at, 'must be an object');
        continue;
      }
      const record = session.record;
      const id = isObject(record) ? record.id : undefined;
      need(typeof id === 'string', `${at}.record.id`, 'must be a string');
      if (typeof id === 'string') {
        need(!ids.has(id), `${at}.record.id`, `'${id}' is exported twice`);
        ids.add(id);
      }
      for (const key of ['messages', 'turns', 'plans', 'usage', 'retrievalSets', 'blobs'])
        need(isArray(session[key]), `${at}.${key}`, 'must be an array');
      if (!isArray(session.messages) || !isArray(session.turns) || !isArray(session.plans)) continue;
      for (const [j, message] of session.messages.entries()) {
        need(
          isObject(message) && typeof message.id === 'string' && typeof message.role === 'string',
          `${at}.messages[${j}]`,
          'must be a message with an id and a role',
        );
      }
      const messageCount = session.messages.length;
      for (const [j, turn] of session.turns.entries()) {
        need(
          isObject(turn) &&
            isArray(turn.messages) &&
            turn.messages.every((p) => Number.isInteger(p) && p >= 0 && p < messageCount) &&
            isArray(turn.shells),
          `${at}.turns[${j}]`,
          'must list positions of messages of this session, and its candidates',
        );
      }
      const turnCount = session.turns.length;
      for (const [j, plan] of session.plans.entries()) {
        if (!isEncodedPlan(plan)) {
          need(false, `${at}.plans[${j}]`, 'is not a stored plan');
          continue;
        }
        const runs = [...plan.input.history, ...plan.input.pins].flatMap((entry) =>
          'turns' in entry ? [entry.turns] : [],
        );
        need(
          runs.every(([first, count]) => first + count <= turnCount),
          `${at}.plans[${j}]`,
          `refers to turns beyond the ${turnCount} exported`,
        );
      }
    }
  }
  (data.blobs as unknown[]).forEach((blob, i) => {
    need(
      isObject(blob) && typeof blob.hash === 'string' && typeof blob.content === 'string',
      `blobs[${i}]`,
      'must be { hash, content } strings',
    );
  });
  (data.embeddings as unknown[]).forEach((row, i) => {
    need(
      isObject(row) &&
        typeof row.modelId === 'string' &&
        typeof row.hash === 'string' &&
        typeof row.vector === 'string',
      `embeddings[${i}]`,
      'must be { modelId, hash, vector } strings',
    );
  });
  (data.documents as unknown[]).forEach((row, i) => {
    need(
      isObject(row) && typeof row.key === 'string' && 'value' in row,
      `documents[${i}]`,
      'must be { key, value }',
    );
  });
  if (issues.length > 0) throw new ValidationError('Invalid store export', issues);
  return data as unknown as StoreExport;
}
