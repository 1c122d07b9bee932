import { reportError } from '../errors/index.js';
import type { SessionRecord } from '../session/index.js';
import { readSharedDocument } from '../shared-documents/index.js';
import type { DocumentStore } from '../store/index.js';
import { usesMemory } from './checks.js';
import { MEMORY_DOCUMENT } from './document-key.js';

// Reading and writing the document is loaded when there is one to read or write, not with the engine.
const documentCodec = () => import('./document.js');

import type { MemoryEntry, MemoryInput, MemoryLimits } from './types.js';

/** What a user sees of cross-conversation memory: every memory with its source, and deleting any of them. */
export interface Memories {
  /** Every memory, oldest first. */
  list(): Promise<MemoryEntry[]>;
  /** The memories learned from one session. */
  listFrom(sessionId: string): Promise<MemoryEntry[]>;
  /** Deletes one memory; false when there was none with that id. */
  delete(memoryId: string): Promise<boolean>;
  /** Deletes every memory. */
  clear(): Promise<void>;
  /** Called after each change this engine makes to the memories; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * What a bank does with a stored document it cannot read: `throw` a CorruptRecordError naming the entry at fault (for
 * tools that inspect a store), or `set-aside`: keep it whole under another key, report it, and start empty, so one bad
 * document never fails a turn (what the engine does).
 */
export type UnreadableMemories = 'throw' | 'set-aside';

/**
 * Memories across conversations, kept in one store document. Changes are read-modify-write of that document, run
 * one at a time so none is lost within an engine.
 */
export class MemoryBank implements Memories {
  readonly #store: DocumentStore;
  readonly #newId: () => string;
  readonly #now: () => string;
  readonly limits: MemoryLimits;
  readonly #unreadable: UnreadableMemories;
  #writing: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();

  constructor(
    store: DocumentStore,
    limits: MemoryLimits,
    newId: () => string,
    now: () => string,
    unreadable: UnreadableMemories = 'throw',
  ) {
    this.#store = store;
    this.#unreadable = unreadable;
    this.limits = limits;
    this.#newId = newId;
    this.#now = now;
  }

  async list(): Promise<MemoryEntry[]> {
    return [...(await this.#read())];
  }

  async listFrom(sessionId: string): Promise<MemoryEntry[]> {
    return (await this.#read()).filter((entry) => entry.source.sessionId === sessionId);
  }

  async delete(memoryId: string): Promise<boolean> {
    let deleted = false;
    await this.#change((entries) => {
      const kept = entries.filter((entry) => entry.id !== memoryId);
      deleted = kept.length < entries.length;
      return kept;
    });
    return deleted;
  }

  clear(): Promise<void> {
    // Clearing never reads the document first, so it also mends one that cannot be read.
    return this.#exclusive(async () => {
      const { memoryDocument } = await documentCodec();
      await this.#store.putDocument(MEMORY_DOCUMENT, memoryDocument([]));
      this.#emit();
    });
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Stores what a session learned (checked inputs; `session` takes part in memory). A preference replaces any older
   * one of the same key; a key point the session already gave is not stored twice. Returns the new entries.
   */
  async add(session: SessionRecord, inputs: readonly MemoryInput[]): Promise<MemoryEntry[]> {
    let added: MemoryEntry[] = [];
    if (inputs.length === 0) return added;
    await this.#change((entries) => {
      let next = [...entries];
      const createdAt = this.#now();
      for (const input of inputs) {
        const source = {
          sessionId: session.id,
          rootSessionId: session.branch?.rootSessionId ?? session.id,
          ...(input.messageId !== undefined && { messageId: input.messageId }),
          ...(input.checkpointId !== undefined && { checkpointId: input.checkpointId }),
        };
        const base = { id: this.#newId(), source, createdAt };
        let entry: MemoryEntry;
        if (input.kind === 'preference') {
          next = next.filter((old) => !(old.kind === 'preference' && old.key === input.key));
          entry = { ...base, kind: 'preference', key: input.key, value: input.value };
        } else {
          const known = next.some(
            (old) =>
              old.kind === 'key-point' && old.text === input.text && old.source.sessionId === session.id,
          );
          if (known) continue;
          entry = { ...base, kind: 'key-point', text: input.text };
        }
        next.push(entry);
        added.push(entry);
      }
      // A preference given twice in one call: only the later one was kept.
      added = added.filter((entry) => next.includes(entry));
      return next;
    });
    return added;
  }

  /** Removes the memories learned from these sessions (they were deleted). */
  async forgetSessions(sessionIds: readonly string[]): Promise<void> {
    const gone = new Set(sessionIds);
    await this.#change((entries) => entries.filter((entry) => !gone.has(entry.source.sessionId)));
  }

  /**
   * The memories offered to a session's next request: none when it opted out; otherwise those of other
   * conversations (its own tree already has them in its history), preferences first, then the newest key points,
   * at most `maxCandidates`.
   */
  async offeredTo(session: SessionRecord): Promise<readonly MemoryEntry[]> {
    if (!usesMemory(session)) return [];
    const entries = await this.#read();
    if (entries.length === 0) return entries;
    const root = session.branch?.rootSessionId ?? session.id;
    const others = entries.filter((entry) => entry.source.rootSessionId !== root);
    const preferences = others.filter((entry) => entry.kind === 'preference').reverse();
    const keyPoints = others.filter((entry) => entry.kind === 'key-point').reverse();
    return [...preferences, ...keyPoints].slice(0, this.limits.maxCandidates);
  }

  async #read(): Promise<readonly MemoryEntry[]> {
    let value = await this.#store.getDocument(MEMORY_DOCUMENT);
    if (value === undefined) return [];
    const { MEMORY_DOCUMENT_SHAPE, readMemoryDocument } = await documentCodec();
    if (this.#unreadable === 'set-aside' && MEMORY_DOCUMENT_SHAPE.problem(value) !== null)
      value = await readSharedDocument(this.#store, MEMORY_DOCUMENT_SHAPE);
    return readMemoryDocument(value);
  }

  #change(change: (entries: readonly MemoryEntry[]) => readonly MemoryEntry[]): Promise<void> {
    return this.#exclusive(async () => {
      const entries = await this.#read();
      const next = change(entries);
      if (next.length === entries.length && next.every((entry, i) => entry === entries[i])) return;
      const { memoryDocument } = await documentCodec();
      await this.#store.putDocument(MEMORY_DOCUMENT, memoryDocument(next));
      this.#emit();
    });
  }

  // Like the store's events: a listener that throws is reported and cannot fail the change it hears about.
  #emit(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch (error) {
        reportError(error);
      }
    }
  }

  #exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.#writing.then(write, write);
    this.#writing = run.catch(() => undefined);
    return run;
  }
}
