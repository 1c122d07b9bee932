import type { JsonValue } from '../catalog/index.js';
import { reportError, TransactionError } from '../errors/index.js';
import type { RetrievalSet } from '../retrieval/index.js';
import type { SessionRecord, UsageReport } from '../session/index.js';
import {
  type LoadedSession,
  type MeasuredTurn,
  MemoryStore,
  type MessageErasure,
  type RecallRead,
  type Store,
  type StoredPlan,
  type StoreEvent,
  type TurnCommit,
  updateDocument,
} from '../store/index.js';

/**
 * A Store that keeps private sessions (`record.private`) in the tab's memory and everything else in the host's
 * persistent store. Making a session private moves it out of the persistent store (written to memory, then deleted
 * there); making it public again writes it whole to the persistent store and forgets the memory copy. Nothing of a
 * session reaches the persistent store while it is private. Embeddings and documents are not per session and go to
 * the persistent store.
 */
export class PrivateSessionStore implements Store {
  readonly #persistent: Store;
  readonly #memory = new MemoryStore();
  readonly #private = new Set<string>();
  readonly #moving = new Set<string>();
  /** Hashes of the large content each private session wrote, so it moves with the session. */
  readonly #blobHashes = new Map<string, Set<string>>();
  readonly #listeners = new Set<(event: StoreEvent) => void>();
  /**
   * Present when the host's store keeps recall entries. Private sessions are never recalled, so only the host's
   * store is asked; without the capability there, recall reads and tokenizes messages itself.
   */
  readonly recallEntries?: (sessionIds: readonly string[]) => Promise<RecallRead>;

  constructor(persistent: Store) {
    this.#persistent = persistent;
    const read = persistent.recallEntries?.bind(persistent);
    if (read) this.recallEntries = (sessionIds) => read(sessionIds.filter((id) => !this.#private.has(id)));
    const forward = (event: StoreEvent) => {
      if (!this.#moving.has(event.sessionId)) this.#emit(event);
    };
    persistent.subscribe(forward);
    this.#memory.subscribe(forward);
  }

  /** The host's store, where sessions that are not private live. */
  get persistent(): Store {
    return this.#persistent;
  }

  /** True when the session lives only in this tab's memory. */
  isPrivate(sessionId: string): boolean {
    return this.#private.has(sessionId);
  }

  async createSession(record: SessionRecord): Promise<void> {
    if (!record.private) return this.#persistent.createSession(record);
    await this.#memory.createSession(record);
    this.#private.add(record.id);
  }

  async saveSession(record: SessionRecord, expected?: SessionRecord): Promise<void> {
    const inMemory = this.#private.has(record.id);
    if (record.private && !inMemory) return this.#moveToMemory(record);
    if (!record.private && inMemory) return this.#moveToPersistent(record);
    return this.#storeOf(record.id).saveSession(record, expected);
  }

  loadSession(sessionId: string): Promise<LoadedSession | undefined> {
    return this.#storeOf(sessionId).loadSession(sessionId);
  }

  async measuredTurns(sessionId: string): Promise<readonly MeasuredTurn[]> {
    return (await this.#storeOf(sessionId).measuredTurns?.(sessionId)) ?? [];
  }

  /** Persistent sessions, then this tab's private ones (each with `private: true`). */
  async listSessions(): Promise<SessionRecord[]> {
    const [stored, inMemory] = await Promise.all([
      this.#persistent.listSessions(),
      this.#memory.listSessions(),
    ]);
    return [...stored, ...inMemory];
  }

  async deleteSession(sessionId: string): Promise<void> {
    if (!this.#private.has(sessionId)) return this.#persistent.deleteSession(sessionId);
    await this.#memory.deleteSession(sessionId);
    this.#private.delete(sessionId);
    this.#blobHashes.delete(sessionId);
  }

  eraseMessages(erasure: MessageErasure): Promise<void> {
    return this.#storeOf(erasure.session.id).eraseMessages(erasure);
  }

  async commitTurn(commit: TurnCommit): Promise<void> {
    const { id } = commit.session;
    if (commit.session.private && !this.#private.has(id)) {
      // Refused rather than written where it must never go.
      throw new TransactionError(
        `Session '${id}' is private but not held in memory; save it before committing.`,
      );
    }
    if (!this.#private.has(id)) return this.#persistent.commitTurn(commit);
    await this.#memory.commitTurn(commit);
    if (commit.blobs && commit.blobs.size > 0) {
      const hashes = this.#blobHashes.get(id) ?? new Set<string>();
      for (const hash of commit.blobs.keys()) hashes.add(hash);
      this.#blobHashes.set(id, hashes);
    }
  }

  async getPlan(planId: string): Promise<StoredPlan | undefined> {
    return (await this.#memory.getPlan(planId)) ?? this.#persistent.getPlan(planId);
  }

  async getRetrievalSet(retrievalSetId: string): Promise<RetrievalSet | undefined> {
    return (
      (await this.#memory.getRetrievalSet(retrievalSetId)) ?? this.#persistent.getRetrievalSet(retrievalSetId)
    );
  }

  async getBlob(hash: string): Promise<string | undefined> {
    return (await this.#memory.getBlob(hash)) ?? this.#persistent.getBlob(hash);
  }

  listPlans(sessionId: string): Promise<StoredPlan[]> {
    return this.#storeOf(sessionId).listPlans(sessionId);
  }

  listUsage(sessionId: string): Promise<UsageReport[]> {
    return this.#storeOf(sessionId).listUsage(sessionId);
  }

  getEmbeddings(modelId: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    return this.#persistent.getEmbeddings(modelId, contentHashes);
  }

  putEmbeddings(modelId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    return this.#persistent.putEmbeddings(modelId, vectors);
  }

  getDocument(key: string): Promise<JsonValue | undefined> {
    return this.#persistent.getDocument(key);
  }

  putDocument(key: string, value: JsonValue): Promise<void> {
    return this.#persistent.putDocument(key, value);
  }

  async updateDocument(
    key: string,
    update: (current: JsonValue | undefined) => JsonValue,
  ): Promise<JsonValue> {
    return updateDocument(this.#persistent, key, update);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #storeOf(sessionId: string): Store {
    return this.#private.has(sessionId) ? this.#memory : this.#persistent;
  }

  /** Listeners hear of a move as one saved session, not as the deletes and writes it is made of. */
  async #whileMoving(sessionId: string, move: () => Promise<void>): Promise<void> {
    this.#moving.add(sessionId);
    try {
      await move();
    } finally {
      this.#moving.delete(sessionId);
    }
    this.#emit({ type: 'session-saved', sessionId });
  }

  #emit(event: StoreEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        reportError(error);
      }
    }
  }

  async #moveToMemory(record: SessionRecord): Promise<void> {
    await this.#whileMoving(record.id, async () => {
      const { copySession } = await import('./copy-session.js');
      await copySession(this.#persistent, this.#memory, record);
      try {
        await this.#persistent.deleteSession(record.id);
      } catch (error) {
        await this.#memory.deleteSession(record.id);
        throw error;
      }
      this.#private.add(record.id);
    });
  }

  async #moveToPersistent(record: SessionRecord): Promise<void> {
    await this.#whileMoving(record.id, async () => {
      const { copySession } = await import('./copy-session.js');
      await copySession(this.#memory, this.#persistent, record, this.#blobHashes.get(record.id));
      this.#private.delete(record.id);
      this.#blobHashes.delete(record.id);
      await this.#memory.deleteSession(record.id);
    });
  }
}
