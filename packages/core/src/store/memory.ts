import type { JsonValue } from '../catalog/index.js';
import { CorruptRecordError, NotFoundError, reportError, SessionExistsError } from '../errors/index.js';
import { type RecallEntry, recallable, recallEntries, recallEntryProblem } from '../recall-entries/index.js';
import type { RetrievalSet } from '../retrieval-types/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../session/index.js';
import type {
  LoadedSession,
  MessageErasure,
  RecallRead,
  Store,
  StoredPlan,
  StoredRecall,
  StoreEvent,
  TurnCommit,
} from '../store-types/index.js';
import { positionsOf } from './erasure.js';
import { messageProblem, recordProblem } from './record-shape.js';
import { checkExpected } from './same-record.js';
import { type ShelvedPlan, shelvedWithErased, TurnShelf } from './turn-shelf.js';

/** A session's recall entries and how many of its first messages they cover (all, unless recall was off a while). */
interface KeptRecall {
  entries: RecallEntry[];
  upTo: number;
}

interface SessionData {
  record: SessionRecord;
  messages: ChatMessage[];
  plans: ShelvedPlan[];
  shelf: TurnShelf;
  usage: UsageReport[];
  retrievalSetIds: string[];
  /** Null when the session may not be recalled, or its entries were dropped. */
  recall: KeptRecall | null;
}

/**
 * A Store in the tab's memory: nothing survives a reload. The default store, and the reference behaviour every
 * other store is tested against. It keeps the immutable records it is given rather than copying them, so a
 * turn costs the same however long the session is, and plans refer to history turns rather than listing them, so
 * memory grows with the session, not with its square.
 */
export class MemoryStore implements Store {
  readonly #sessions = new Map<string, SessionData>();
  readonly #plans = new Map<string, { plan: ShelvedPlan; shelf: TurnShelf }>();
  readonly #retrievalSets = new Map<string, RetrievalSet>();
  readonly #blobs = new Map<string, string>();
  readonly #listeners = new Set<(event: StoreEvent) => void>();
  readonly #embeddings = new Map<string, Map<string, Float32Array>>();
  readonly #documents = new Map<string, JsonValue>();

  async createSession(record: SessionRecord): Promise<void> {
    if (this.#sessions.has(record.id)) throw new SessionExistsError(record.id);
    this.#sessions.set(record.id, {
      record,
      messages: [],
      plans: [],
      shelf: new TurnShelf(),
      usage: [],
      retrievalSetIds: [],
      recall: recallable(record) ? { entries: [], upTo: 0 } : null,
    });
    this.#emit({ type: 'session-saved', sessionId: record.id });
  }

  async saveSession(record: SessionRecord, expected?: SessionRecord): Promise<void> {
    const data = this.#sessions.get(record.id);
    if (!data) throw new NotFoundError('session', record.id, 'it was deleted, or never created');
    checkExpected(data.record, expected);
    data.record = record;
    if (!recallable(record)) data.recall = null;
    this.#emit({ type: 'session-saved', sessionId: record.id });
  }

  // Records are kept by reference, so code that changes one after handing it over (a bug) damages what is kept. Rows
  // are checked as they are read, as IndexedDB's are: a damaged one fails its own session with a CorruptRecordError
  // naming it, never another session, and never with a TypeError in a later `prepare`.
  async loadSession(sessionId: string): Promise<LoadedSession | undefined> {
    const data = this.#sessions.get(sessionId);
    if (!data) return undefined;
    const wrong = recordProblem(data.record as unknown as Record<string, unknown>);
    if (wrong !== null) throw new CorruptRecordError(`session ${sessionId}`, wrong);
    const messages: ChatMessage[] = [];
    for (const [position, message] of data.messages.entries()) {
      const problem = messageProblem(message);
      if (problem !== null)
        throw new CorruptRecordError(`message ${position} of session ${sessionId}`, problem);
      if (!message.erased) messages.push(message);
    }
    return { record: data.record, messages };
  }

  /** Every session whose record can be read; one that cannot is left out and reported (as IndexedDB does). */
  async listSessions(): Promise<SessionRecord[]> {
    const records: SessionRecord[] = [];
    for (const [sessionId, { record }] of this.#sessions) {
      const wrong = recordProblem(record as unknown as Record<string, unknown>);
      if (wrong === null) records.push(record);
      else reportError(new CorruptRecordError(`session ${sessionId}`, wrong));
    }
    return records;
  }

  async deleteSession(sessionId: string): Promise<void> {
    const data = this.#sessions.get(sessionId);
    if (!data) return;
    for (const stored of data.plans) this.#plans.delete(stored.id);
    for (const id of data.retrievalSetIds) this.#retrievalSets.delete(id);
    this.#sessions.delete(sessionId);
    this.#emit({ type: 'session-deleted', sessionId });
  }

  async commitTurn(commit: TurnCommit): Promise<void> {
    const data = this.#sessions.get(commit.session.id);
    if (!data) throw new NotFoundError('session', commit.session.id, 'it was deleted, or never saved');
    checkExpected(data.record, commit.expected);
    const before = data.messages.length;
    const recall = recallable(commit.session) ? data.recall : null;
    const entries = recall?.upTo === before ? recallEntries(commit.messages, before) : null;
    // Nothing above can fail halfway; from here the writes are plain assignments.
    data.record = commit.session;
    data.recall = recall;
    if (recall && entries) {
      recall.entries.push(...entries);
      recall.upTo = before + commit.messages.length;
    }
    data.messages.push(...commit.messages);
    data.usage.push(...commit.usage);
    for (const stored of commit.plans) {
      const plan = data.shelf.shelve(stored);
      data.plans.push(plan);
      this.#plans.set(stored.id, { plan, shelf: data.shelf });
    }
    for (const set of commit.retrievalSets) {
      this.#retrievalSets.set(set.id, set);
      data.retrievalSetIds.push(set.id);
    }
    for (const [hash, content] of commit.blobs ?? [])
      if (!this.#blobs.has(hash)) this.#blobs.set(hash, content);
    this.#emit({
      type: 'turn-committed',
      sessionId: commit.session.id,
      messageIds: commit.messages.map((message) => message.id),
      planIds: commit.plans.map((stored) => stored.id),
    });
  }

  async eraseMessages({ session, expected, messages }: MessageErasure): Promise<void> {
    const data = this.#sessions.get(session.id);
    if (!data) throw new NotFoundError('session', session.id, 'it was deleted, or never saved');
    checkExpected(data.record, expected);
    const positions = positionsOf(data.messages, messages, session.id);
    // Nothing above can fail halfway; from here the writes are plain assignments.
    for (const [i, position] of positions.entries()) data.messages[position] = messages[i] as ChatMessage;
    // The plans' turns hold the messages themselves here (not positions): their text goes too.
    const erased = new Map(messages.map((message) => [message.id, message]));
    data.shelf.erase(erased);
    data.plans = data.plans.map((plan) => shelvedWithErased(plan, erased));
    for (const plan of data.plans) this.#plans.set(plan.id, { plan, shelf: data.shelf });
    data.record = session;
    if (data.recall)
      data.recall.entries = data.recall.entries.filter((entry) => !erased.has(entry.messageId));
    this.#emit({
      type: 'messages-erased',
      sessionId: session.id,
      messageIds: messages.map((message) => message.id),
    });
  }

  async recallEntries(sessionIds: readonly string[]): Promise<RecallRead> {
    const sessions = new Map<string, StoredRecall>();
    const rebuilt: string[] = [];
    for (const sessionId of sessionIds) {
      const data = this.#sessions.get(sessionId);
      if (!data || !recallable(data.record)) continue;
      if (recordProblem(data.record as unknown as Record<string, unknown>) !== null) continue;
      const messages = data.messages.length;
      // Entries only repeat what the messages hold: damaged ones are made again from them.
      const damaged = data.recall?.entries.findIndex((entry) => recallEntryProblem(entry) !== null) ?? -1;
      if (damaged !== -1)
        reportError(
          new CorruptRecordError(
            `recall entry ${damaged} of session ${sessionId}`,
            `${recallEntryProblem(data.recall?.entries[damaged])}; made again from the messages`,
          ),
        );
      if (data.recall?.upTo !== messages || damaged !== -1) {
        // A session with a damaged message is left out: loading it reports that message by name.
        if (data.messages.some((message) => messageProblem(message) !== null)) continue;
        data.recall = { entries: recallEntries(data.messages, 0), upTo: messages };
        rebuilt.push(sessionId);
      }
      sessions.set(sessionId, { record: data.record, messages, entries: [...data.recall.entries] });
    }
    return { sessions, rebuilt };
  }

  async getPlan(planId: string): Promise<StoredPlan | undefined> {
    const kept = this.#plans.get(planId);
    return kept?.shelf.unshelve(kept.plan);
  }

  async getRetrievalSet(retrievalSetId: string): Promise<RetrievalSet | undefined> {
    return this.#retrievalSets.get(retrievalSetId);
  }

  async getBlob(hash: string): Promise<string | undefined> {
    return this.#blobs.get(hash);
  }

  async listPlans(sessionId: string): Promise<StoredPlan[]> {
    const data = this.#sessions.get(sessionId);
    return data ? data.plans.map((plan) => data.shelf.unshelve(plan)) : [];
  }

  async listUsage(sessionId: string): Promise<UsageReport[]> {
    return [...(this.#sessions.get(sessionId)?.usage ?? [])];
  }

  async getEmbeddings(modelId: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const vectors = this.#embeddings.get(modelId);
    const found = new Map<string, Float32Array>();
    for (const hash of contentHashes) {
      const vector = vectors?.get(hash);
      if (vector) found.set(hash, vector);
    }
    return found;
  }

  async putEmbeddings(modelId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    const stored = this.#embeddings.get(modelId) ?? new Map<string, Float32Array>();
    this.#embeddings.set(modelId, stored);
    // A copy: the caller may reuse its buffers.
    for (const [hash, vector] of vectors) stored.set(hash, Float32Array.from(vector));
  }

  async getDocument(key: string): Promise<JsonValue | undefined> {
    return this.#documents.get(key);
  }

  async putDocument(key: string, value: JsonValue): Promise<void> {
    // Documents are replaced whole; a structured copy keeps later changes by the caller out of the store.
    this.#documents.set(key, structuredClone(value));
  }

  async updateDocument(
    key: string,
    update: (current: JsonValue | undefined) => JsonValue,
  ): Promise<JsonValue> {
    const written = structuredClone(update(this.#documents.get(key)));
    this.#documents.set(key, written);
    return structuredClone(written);
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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
}
