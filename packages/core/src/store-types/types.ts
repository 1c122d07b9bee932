import type { JsonValue } from '../catalog/index.js';
import type { PlanInput, TurnCandidate } from '../planner/index.js';
import type { RecallEntry } from '../recall-entries/index.js';
import type { RetrievalSet } from '../retrieval-types/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../session/index.js';

/**
 * A plan as kept: its id and the input it was computed from, and where it belongs. The planner is a pure function,
 * so the plan itself is recomputed from the input when it is read (`engine.getPlan`), and the id proves it is the
 * same plan. Keeping inputs rather than outputs keeps a long session's memory linear rather than quadratic.
 */
export interface StoredPlan {
  readonly id: string;
  /** The session, or branch, the plan was made in. */
  readonly sessionId: string;
  /** Set when that session is a branch: the tree it belongs to and the session it was forked from. */
  readonly branch?: { readonly rootSessionId: string; readonly parentSessionId: string };
  readonly turnIndex: number;
  readonly input: PlanInput;
}

/**
 * Everything one committed turn writes, written all together or not at all: the session record after the turn
 * (turn count, leases), the turn's messages (user message, model replies, tool results), the plans of its
 * requests and their usage reports, the retrieval sets those plans reference, and large content the messages refer
 * to by hash.
 */
export interface TurnCommit {
  readonly session: SessionRecord;
  readonly messages: readonly ChatMessage[];
  readonly plans: readonly StoredPlan[];
  readonly usage: readonly UsageReport[];
  readonly retrievalSets: readonly RetrievalSet[];
  /** Content kept once by its hash (data URLs, oversized tool outputs); a hash already stored is not rewritten. */
  readonly blobs?: ReadonlyMap<string, string>;
  /**
   * The record the writer last saw. When the stored record differs, another writer (another tab) changed it since:
   * the commit is refused with StaleSessionError and nothing is written, so that change is never lost.
   */
  readonly expected?: SessionRecord;
}

export interface LoadedSession {
  readonly record: SessionRecord;
  /** In the order they were written. */
  readonly messages: readonly ChatMessage[];
}

/** A history turn candidate as stored, and the tokenizer encoding (`PlanInput.encoding`) its tokens were counted with. */
export interface MeasuredTurn {
  readonly candidate: TurnCandidate;
  readonly encoding: string;
}

/** A session's recall entries as a store keeps them (see `Store.recallEntries`). */
export interface StoredRecall {
  readonly record: SessionRecord;
  /** How many messages the session stores, erased ones counted: the position its next committed message takes. */
  readonly messages: number;
  /** By position. */
  readonly entries: readonly RecallEntry[];
}

export interface RecallRead {
  /** Each session asked for that exists and may be recalled (see `recallable`); others are absent. */
  readonly sessions: ReadonlyMap<string, StoredRecall>;
  /**
   * Sessions whose entries were missing or unusable (written before the store kept them, while recall was off, or
   * damaged) and were made from their messages by this read, then written so the next read finds them.
   */
  readonly rebuilt: readonly string[];
}

/**
 * `remote`: the change was made by another tab (or another store object on the same database); absent or `local`:
 * by this store object.
 */
export type StoreEventOrigin = 'local' | 'remote';

export type StoreEvent = (
  | { readonly type: 'session-saved'; readonly sessionId: string }
  /** A turn (or a note) was written: the messages it added and the plans it stored. */
  | {
      readonly type: 'turn-committed';
      readonly sessionId: string;
      readonly messageIds: readonly string[];
      readonly planIds: readonly string[];
    }
  | { readonly type: 'session-deleted'; readonly sessionId: string }
  /** Messages were erased in place (a deleted turn), and the record written with them. */
  | { readonly type: 'messages-erased'; readonly sessionId: string; readonly messageIds: readonly string[] }
) & { readonly origin?: StoreEventOrigin };

/** Messages to erase in place, by id, with the session's record as it is to be after. */
export interface MessageErasure {
  /** The record to write (fewer turns, pins and summaries of the erased turn gone). */
  readonly session: SessionRecord;
  /** Refused with StaleSessionError, writing nothing, when the stored record is not this one. */
  readonly expected?: SessionRecord;
  /** The erased versions (`erased: true`, text gone) of messages the session stores, same ids. */
  readonly messages: readonly ChatMessage[];
}

/**
 * Vectors keyed by embedding model id + content hash, so an item is embedded once per model, across reloads.
 * Vectors come back as the store holds them; callers must not change them.
 */
export interface EmbeddingCache {
  /** The vectors found, by content hash; hashes not found are simply absent. */
  getEmbeddings(modelId: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>>;
  putEmbeddings(modelId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
}

/**
 * Small named JSON documents the library keeps beside sessions (what retrieval learned from use, calibration).
 * Each document is replaced whole.
 */
export interface DocumentStore {
  getDocument(key: string): Promise<JsonValue | undefined>;
  putDocument(key: string, value: JsonValue): Promise<void>;
  /**
   * Replaces a document with `update(current)` in one atomic step, so two tabs updating it at once both keep their
   * change (IndexedDB: one readwrite transaction). `update` is synchronous and may run again. Resolves to what was
   * written. Optional: without it, callers read and then write.
   */
  updateDocument?(key: string, update: (current: JsonValue | undefined) => JsonValue): Promise<JsonValue>;
}

/**
 * Where sessions live. Every method is atomic: it fails whole, leaving what was stored untouched. Records
 * handed to a store are immutable; a store keeps copies or leaves them as they are, never changes them.
 */
export interface Store extends EmbeddingCache, DocumentStore {
  /** Writes a new session. */
  createSession(record: SessionRecord): Promise<void>;
  /** Replaces an existing session's record; a NotFoundError when it was deleted (a stale handle must not revive it). */
  /** With `expected`: refused with StaleSessionError, writing nothing, when the stored record is not that one. */
  saveSession(record: SessionRecord, expected?: SessionRecord): Promise<void>;
  loadSession(sessionId: string): Promise<LoadedSession | undefined>;
  listSessions(): Promise<SessionRecord[]>;
  deleteSession(sessionId: string): Promise<void>;
  /** Writes a turn (or a note: a commit with messages and no plans). */
  commitTurn(commit: TurnCommit): Promise<void>;
  /**
   * Replaces stored messages with their erased versions, in place, and writes the record, all or nothing. A message
   * id the session does not store is a NotFoundError. Erased messages are never returned by `loadSession`.
   */
  eraseMessages(erasure: MessageErasure): Promise<void>;
  getPlan(planId: string): Promise<StoredPlan | undefined>;
  getRetrievalSet(retrievalSetId: string): Promise<RetrievalSet | undefined>;
  /** Large content written with a turn, by its hash. */
  getBlob(hash: string): Promise<string | undefined>;
  listPlans(sessionId: string): Promise<StoredPlan[]>;
  listUsage(sessionId: string): Promise<UsageReport[]>;
  /**
   * The history turns the session's plans measured, holding the same message objects `loadSession` returned.
   * Optional (IndexedDB keeps them): the engine reuses a turn's tokens and hash when they were counted with its
   * encoding, so the first plan after a reload does not count the whole history again. A store that cannot read
   * them resolves to none.
   */
  measuredTurns?(sessionId: string): Promise<readonly MeasuredTurn[]>;
  /**
   * What recall indexes of these sessions' messages (terms with their frequencies, text, position, date), written
   * with each turn of a session that may be recalled and dropped with what it came from (a deleted session or
   * message, recall turned off). Optional: with it, a reload or another tab fills its recall index from these
   * instead of tokenizing every stored message; without it, the engine reads and tokenizes the messages itself.
   */
  recallEntries?(sessionIds: readonly string[]): Promise<RecallRead>;
  /**
   * Called after every change is durable; returns the unsubscribe function. A listener that throws cannot fail
   * the write it hears about: its error is reported (`reportError`) and the other listeners still run.
   */
  subscribe(listener: (event: StoreEvent) => void): () => void;
}
