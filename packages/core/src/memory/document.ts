import type { JsonValue } from '../catalog/index.js';
import { CorruptRecordError } from '../errors/index.js';
import type { MemorySource } from '../session/index.js';
import type { SharedDocumentShape } from '../shared-documents/index.js';
import { MEMORY_DOCUMENT } from './document-key.js';
import type { MemoryEntry } from './types.js';

export { MEMORY_DOCUMENT };

const VERSION = 1;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isOptionalText = (value: unknown) => value === undefined || isText(value);

function readSource(value: unknown): MemorySource | null {
  if (!isRecord(value) || !isText(value.sessionId) || !isText(value.rootSessionId)) return null;
  if (!isOptionalText(value.messageId) || !isOptionalText(value.checkpointId)) return null;
  return {
    sessionId: value.sessionId,
    rootSessionId: value.rootSessionId,
    ...(isText(value.messageId) && { messageId: value.messageId }),
    ...(isText(value.checkpointId) && { checkpointId: value.checkpointId }),
  };
}

function readEntry(value: unknown): MemoryEntry | null {
  if (!isRecord(value) || !isText(value.id) || !isText(value.createdAt)) return null;
  const source = readSource(value.source);
  if (!source) return null;
  const base = { id: value.id, source, createdAt: value.createdAt };
  if (value.kind === 'key-point' && isText(value.text))
    return { ...base, kind: 'key-point', text: value.text };
  if (value.kind === 'preference' && isText(value.key) && isText(value.value)) {
    return { ...base, kind: 'preference', key: value.key, value: value.value };
  }
  return null;
}

const parsed = new WeakMap<object, readonly MemoryEntry[]>();

/** The entries of a document, or what is wrong with it. */
function parse(value: JsonValue): readonly MemoryEntry[] | string {
  // Stores may hand back the object they keep: the same document is parsed once.
  const cached = typeof value === 'object' && value !== null ? parsed.get(value) : undefined;
  if (cached) return cached;
  if (!isRecord(value) || !Array.isArray(value.entries)) return 'it is not an object with an `entries` array';
  if (value.version !== VERSION)
    return `it has version ${JSON.stringify(value.version)}, expected ${VERSION}`;
  const entries: MemoryEntry[] = [];
  for (const [i, entry] of value.entries.entries()) {
    const read = readEntry(entry);
    if (!read) return `entries[${i}] is not a memory entry`;
    entries.push(Object.freeze(read));
  }
  Object.freeze(entries);
  parsed.set(value, entries);
  return entries;
}

/**
 * The entries of a stored memory document, oldest first. A document that is not what this version writes is
 * refused with the entry at fault, never partly read: `engine.memories.clear()` is the way out.
 */
export function readMemoryDocument(value: JsonValue | undefined): readonly MemoryEntry[] {
  if (value === undefined) return [];
  const read = parse(value);
  if (typeof read === 'string') throw new CorruptRecordError(`document ${MEMORY_DOCUMENT}`, read);
  return read;
}

/** The memory document as a shared document: checked on read, set aside whole and restarted empty when malformed. */
export const MEMORY_DOCUMENT_SHAPE: SharedDocumentShape = {
  key: MEMORY_DOCUMENT,
  problem: (value) => {
    const read = parse(value);
    return typeof read === 'string' ? read : null;
  },
  restart: () => memoryDocument([]),
};

export function memoryDocument(entries: readonly MemoryEntry[]): JsonValue {
  return { version: VERSION, entries: entries as unknown as JsonValue[] };
}
