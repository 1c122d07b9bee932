import { unwrap } from 'idb';
import type { JsonValue } from '../../catalog/index.js';
import {
  CorruptRecordError,
  NotFoundError,
  reportError,
  SessionExistsError,
  StorageQuotaError,
  StoreClosedError,
  StoreVersionError,
  ValidationError,
} from '../../errors/index.js';
import { onPageCached } from '../../page-lifecycle/index.js';
import { recallable, recallEntries } from '../../recall-entries/index.js';
import type { RetrievalSet } from '../../retrieval-types/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../../session/index.js';
import { setAsideKey } from '../../shared-documents/index.js';
import type {
  LoadedSession,
  MeasuredTurn,
  MessageErasure,
  RecallRead,
  Store,
  StoredPlan,
  StoreEvent,
  TurnCommit,
} from '../../store-types/index.js';
import { positionsOf } from '../erasure.js';
import { checkExpected } from '../same-record.js';
import { ChangeChannel } from './broadcast.js';
import {
  checkExport,
  decodeVector,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  encodeVector,
  type SessionExport,
  type StoreExport,
} from './export-format.js';
import { openDatabase } from './open.js';
import { decodePlan, encodePlan, MissingTurnError } from './plan-codec.js';
import {
  eraseRecallEntries,
  readForReindexing,
  readRecallRows,
  recallRow,
  writeReindexed,
} from './recall-rows.js';
import {
  type BlobRefRow,
  type BlobRow,
  checkRow,
  checks,
  type DocumentRow,
  type EmbeddingRow,
  type PlanRow,
  RECORD_FORMAT,
  type RetrievalSetRow,
  type SessionRow,
  type UsageRow,
} from './rows.js';
import { ALL_STORES, type Database, SCHEMA_VERSION, STORES, type StoreName } from './schema.js';
import { readMessageRows, readTurnRows, segmentRows } from './segment-rows.js';
import { SegmentLayout } from './segments.js';
import { type SessionCounts, SessionIndex, type TurnEntry, type TurnWrites } from './session-index.js';
import {
  checkPlanRow,
  deleteSessionRows,
  exportSessionRows,
  importSessionRows,
  RequestBatch,
  SESSION_STORES,
  sessionRange,
  type Tx,
} from './session-rows.js';

export interface IdbStoreOptions {
  /** The IndexedDB database name; one database per app (or per user of an app). */
  readonly name: string;
  /**
   * The IndexedDB factory. Default: `globalThis.indexedDB`. It must belong to the environment's IndexedDB classes
   * (idb checks `instanceof IDBDatabase`…), e.g. fake-indexeddb's `indexedDB` with `fake-indexeddb/auto` in Node.
   */
  readonly indexedDB?: IDBFactory;
  /**
   * Called when another tab upgrades the database to a newer schema. This store has then closed its connection
   * (so the upgrade is not blocked) and every later call rejects with `error`; reload the page to run the newer app.
   */
  readonly onVersionChange?: (error: StoreVersionError) => void;
}

/** A session with the messages that could be read, and what could not (see `IdbStore.salvageSession`). */
export interface SalvagedSession {
  readonly record: SessionRecord;
  readonly messages: readonly ChatMessage[];
  readonly problems: readonly (CorruptRecordError | StoreVersionError)[];
}

function isQuotaError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'QuotaExceededError';
}

/** A stale index: the session row's counts are not the ones the commit was encoded against. */
class StaleIndex extends Error {}

/**
 * A Store in IndexedDB (through idb): sessions survive reloads, and every tab sees the others' changes. Open it
 * with `openIdbStore`. Each method is one transaction, so it is written whole or not at all; a turn's commit is a
 * single transaction over every store it touches, awaiting nothing but its own requests.
 */
export class IdbStore implements Store {
  readonly name: string;
  readonly #db: Database;
  readonly #channel: ChangeChannel;
  readonly #listeners = new Set<(event: StoreEvent) => void>();
  readonly #indexes = new Map<string, SessionIndex>();
  /** The transactions this page has running, aborted if the page is put in the back-forward cache. */
  readonly #live = new Set<IDBTransaction>();
  readonly #stopOnCached: () => void;
  #closed: Error | null = null;

  /** @internal use `openIdbStore`. */
  constructor(db: Database, options: IdbStoreOptions) {
    this.name = options.name;
    this.#db = db;
    this.#channel = new ChangeChannel(options.name, (event) => {
      // Another tab wrote: what this tab indexed of the session may be behind.
      this.#indexes.delete(event.sessionId);
      this.#emitLocally(event);
    });
    db.addEventListener('versionchange', (event) => {
      const error = new StoreVersionError(
        `database '${this.name}'`,
        event.newVersion,
        SCHEMA_VERSION,
        event.newVersion === null
          ? 'is being deleted by another tab; this tab closed its connection'
          : `is being upgraded to version ${event.newVersion} by another tab; this tab closed its connection`,
      );
      this.#shutDown(error);
      options.onVersionChange?.(error);
    });
    db.addEventListener('close', () =>
      this.#shutDown(new StoreClosedError(this.name, 'closed by the browser')),
    );
    this.#stopOnCached = onPageCached(() => this.#abortLive());
  }

  /**
   * A page put in the back-forward cache is frozen with what it was doing: WebKit keeps its transactions open, so
   * the next page of the app (a link followed right after a write or a read began) waits on them for as long as the
   * frozen one stays cached. They are aborted as the page leaves: a write rejects, written whole or not at all, and
   * the store stays usable if the page comes back.
   */
  #abortLive(): void {
    for (const tx of this.#live) {
      try {
        tx.abort();
      } catch {
        // It finished or aborted already.
      }
    }
    this.#live.clear();
  }

  /** Closes the connection; later calls reject with StoreClosedError. */
  close(): void {
    this.#shutDown(new StoreClosedError(this.name, 'close() was called'));
  }

  #shutDown(reason: Error): void {
    if (this.#closed) return;
    this.#closed = reason;
    this.#stopOnCached();
    this.#db.close();
    this.#channel.close();
    this.#indexes.clear();
  }

  // ── sessions ──────────────────────────────────────────────────────────────────────────────────────────────

  async createSession(record: SessionRecord): Promise<void> {
    await this.#write([STORES.sessions], `new session ${record.id}`, async (tx) => {
      const sessions = tx.objectStore(STORES.sessions);
      if ((await sessions.getKey(record.id)) !== undefined) throw new SessionExistsError(record.id);
      const row: SessionRow = {
        v: RECORD_FORMAT,
        id: record.id,
        record,
        counts: SessionIndex.empty().counts,
      };
      await sessions.add(row);
    });
    this.#indexes.set(record.id, SessionIndex.empty());
    this.#emit({ type: 'session-saved', sessionId: record.id });
  }

  async saveSession(record: SessionRecord, expected?: SessionRecord): Promise<void> {
    const stores = [STORES.sessions, STORES.recall];
    await this.#write(stores, `record of session ${record.id}`, async (tx) => {
      const sessions = tx.objectStore(STORES.sessions);
      const row = await sessions.get(record.id);
      if (row === undefined)
        throw new NotFoundError('session', record.id, 'it was deleted, or never created');
      const checked = checkRow<SessionRow>(row, `session ${record.id}`, checks.session);
      // Checked and written in one transaction: another tab's write lands before or after, never in between.
      checkExpected(checked.record, expected);
      await sessions.put({ ...checked, record });
      // Recall turned off (or the session's memory): what it indexed goes, and its turns from now on get none.
      if (recallable(checked.record) && !recallable(record))
        await tx.objectStore(STORES.recall).delete(sessionRange(record.id));
    });
    this.#emit({ type: 'session-saved', sessionId: record.id });
  }

  /**
   * The session and its messages. A message that cannot be read (corrupt, or from a newer version) fails the whole
   * load with CorruptRecordError (or StoreVersionError) naming it: a history with a hole could split a tool call
   * from its result and would be planned and committed on as if complete. Other sessions stay readable, and
   * `salvageSession` returns what can be read of this one.
   */
  async loadSession(sessionId: string): Promise<LoadedSession | undefined> {
    const loaded = await this.#readSession(sessionId);
    if (!loaded) return undefined;
    return {
      record: loaded.row.record,
      messages: loaded.index.messages.filter((message) => !message.erased),
    };
  }

  async measuredTurns(sessionId: string): Promise<readonly MeasuredTurn[]> {
    try {
      return (await this.#indexFor(sessionId))?.measuredTurns() ?? [];
    } catch {
      // Unreadable turn rows fail the plan reads and commits that need them; here they are only not reused.
      return [];
    }
  }

  /** What can be read of a session whose `loadSession` fails: its record, the readable messages, the problems. */
  async salvageSession(sessionId: string): Promise<SalvagedSession | undefined> {
    return this.#read([STORES.sessions, STORES.messages], async (tx) => {
      const raw = await tx.objectStore(STORES.sessions).get(sessionId);
      if (raw === undefined) return undefined;
      const row = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
      const rows: unknown[] = await tx.objectStore(STORES.messages).getAll(sessionRange(sessionId));
      const problems: (CorruptRecordError | StoreVersionError)[] = [];
      const { messages } = readMessageRows(rows, sessionId, problems);
      return { record: row.record, messages: messages.filter((message) => !message.erased), problems };
    });
  }

  /**
   * Every session record that can be read. A record that cannot (corrupt, or from a newer version) is left out and
   * reported (`reportError`) with its id, so one bad record does not hide the others.
   */
  async listSessions(): Promise<SessionRecord[]> {
    return this.#read([STORES.sessions], async (tx) => {
      const sessions = tx.objectStore(STORES.sessions);
      const [rows, keys] = await Promise.all([sessions.getAll(), sessions.getAllKeys()]);
      const records: SessionRecord[] = [];
      rows.forEach((value: unknown, i: number) => {
        try {
          records.push(checkRow<SessionRow>(value, `session ${String(keys[i])}`, checks.session).record);
        } catch (error) {
          reportError(error);
        }
      });
      return records;
    });
  }

  /**
   * Deletes the session with its messages, plans, usage reports and retrieval sets, and the blobs no other session
   * refers to (each blob row lists the sessions that wrote it).
   */
  async deleteSession(sessionId: string): Promise<void> {
    const existed = await this.#write(SESSION_STORES, `deletion of session ${sessionId}`, (tx) =>
      deleteSessionRows(tx, sessionId),
    );
    this.#indexes.delete(sessionId);
    if (existed) this.#emit({ type: 'session-deleted', sessionId });
  }

  // ── turns ─────────────────────────────────────────────────────────────────────────────────────────────────

  async commitTurn(commit: TurnCommit): Promise<void> {
    const sessionId = commit.session.id;
    for (let attempt = 0; ; attempt++) {
      const index = await this.#indexFor(sessionId);
      if (!index) throw new NotFoundError('session', sessionId, 'it was deleted, or never saved');
      try {
        await this.#commitWith(index, commit);
        break;
      } catch (error) {
        // The encoding used positions this index expected; whatever failed, it is read again next time.
        this.#indexes.delete(sessionId);
        if (!(error instanceof StaleIndex) || attempt === 2) throw error;
      }
    }
    this.#emit({
      type: 'turn-committed',
      sessionId,
      messageIds: commit.messages.map((message) => message.id),
      planIds: commit.plans.map((stored) => stored.id),
    });
  }

  /**
   * Rewrites the rows that hold the erased messages, in place (plans refer to messages by position), with the record,
   * in one transaction; the session's index is read again afterwards.
   */
  async eraseMessages(erasure: MessageErasure): Promise<void> {
    const sessionId = erasure.session.id;
    for (let attempt = 0; ; attempt++) {
      const index = await this.#indexFor(sessionId);
      if (!index) throw new NotFoundError('session', sessionId, 'it was deleted, or never saved');
      try {
        await this.#eraseWith(index, erasure);
        break;
      } catch (error) {
        if (!(error instanceof StaleIndex) || attempt === 2) throw error;
      } finally {
        this.#indexes.delete(sessionId);
      }
    }
    this.#emit({
      type: 'messages-erased',
      sessionId,
      messageIds: erasure.messages.map((message) => message.id),
    });
  }

  async #eraseWith(index: SessionIndex, { session, expected, messages }: MessageErasure): Promise<void> {
    const sessionId = session.id;
    const positions = positionsOf(index.messages, messages, sessionId);
    const replaced = [...index.messages];
    for (const [i, position] of positions.entries()) replaced[position] = messages[i] as ChatMessage;
    const segments = new Map<number, { start: number; count: number }>();
    for (const position of positions) {
      const segment = index.messageLayout.segmentOf(position);
      if (segment) segments.set(segment.start, segment);
    }
    const counts = index.counts;
    await this.#write(
      [STORES.sessions, STORES.messages, STORES.recall],
      `erasure of messages in session ${sessionId}`,
      async (tx) => {
        const sessions = tx.objectStore(STORES.sessions);
        const raw = await sessions.get(sessionId);
        if (raw === undefined)
          throw new NotFoundError('session', sessionId, 'it was deleted, or never saved');
        const row = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
        checkExpected(row.record, expected);
        if (!sameCounts(row.counts, counts)) throw new StaleIndex();
        const rows = segmentRows(
          { puts: [...segments.values()], deletes: [] },
          (p) => replaced[p],
          sessionId,
          'messages',
        );
        const store = tx.objectStore(STORES.messages);
        await Promise.all([
          sessions.put({ ...row, record: session }),
          ...rows.puts.map((put) => store.put(put)),
          eraseRecallEntries(tx, sessionId, new Set(messages.map((message) => message.id))),
        ]);
      },
    );
  }

  async #commitWith(index: SessionIndex, commit: TurnCommit): Promise<void> {
    const sessionId = commit.session.id;
    const turnWrites: TurnWrites = new Map();
    const plans = commit.plans.map((stored) => encodePlan(stored, index, turnWrites));
    const before = index.counts;
    const after: SessionCounts = {
      messages: before.messages + commit.messages.length,
      turns: before.turns + [...turnWrites.keys()].filter((position) => position >= before.turns).length,
      plans: before.plans + plans.length,
      usage: before.usage + commit.usage.length,
    };
    const blobs = [...(commit.blobs ?? [])];
    const messageWrites = index.messageLayout.append(commit.messages.length);
    const known = index.messages.length;
    const messageAt = (position: number) =>
      (position < known ? index.messages[position] : commit.messages[position - known]) as ChatMessage;
    const turnAppend = index.turnLayout.append(after.turns - before.turns);
    // A turn planned with a new variant (another tokenizer, say) rewrites the row that holds it.
    const rewritten = new Map(turnAppend.puts.map((segment) => [segment.start, segment]));
    for (const position of turnWrites.keys()) {
      const segment = position < before.turns ? turnAppend.layout.segmentOf(position) : undefined;
      if (segment) rewritten.set(segment.start, segment);
    }
    const turnSegments = { puts: [...rewritten.values()], deletes: turnAppend.deletes };
    const turnAt = (position: number) => (turnWrites.get(position) ?? index.turns[position]) as TurnEntry;
    // What recall indexes of the turn is written with it, tokenized before the transaction opens.
    const recall =
      recallable(commit.session) && commit.messages.length > 0
        ? recallRow(
            sessionId,
            before.messages,
            after.messages,
            recallEntries(commit.messages, before.messages),
          )
        : null;
    await this.#write(SESSION_STORES, `commit of a turn to session ${sessionId}`, async (tx) => {
      const sessions = tx.objectStore(STORES.sessions);
      const requests = new RequestBatch();
      // The check and the writes go out together (one round trip, not two): requests run in order, so the check's
      // answer arrives before the writes can commit, and a failed check aborts the transaction with all of them.
      requests.push(
        sessions.get(sessionId).then((raw) => {
          if (raw === undefined)
            throw new NotFoundError('session', sessionId, 'it was deleted, or never saved');
          const row = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
          checkExpected(row.record, commit.expected);
          if (!sameCounts(row.counts, before)) throw new StaleIndex();
        }),
      );
      const row: SessionRow = { v: RECORD_FORMAT, id: sessionId, record: commit.session, counts: after };
      requests.push(sessions.put(row));
      const messageRows = segmentRows(messageWrites, messageAt, sessionId, 'messages');
      const turnRows = segmentRows(turnSegments, turnAt, sessionId, 'turns');
      for (const [name, rows] of [
        [STORES.messages, messageRows],
        [STORES.turns, turnRows],
      ] as const) {
        const store = tx.objectStore(name);
        for (const key of rows.deletes) requests.push(store.delete(key));
        for (const segment of rows.puts) requests.push(store.put(segment));
      }
      if (recall) requests.push(tx.objectStore(STORES.recall).put(recall));
      const planStore = tx.objectStore(STORES.plans);
      plans.forEach((plan, i) => {
        {
          const planRow: PlanRow = {
            v: RECORD_FORMAT,
            id: plan.id,
            sessionId,
            order: before.plans + i,
            plan,
          };
          requests.push(planStore.put(planRow));
        }
      });
      const usage = tx.objectStore(STORES.usage);
      commit.usage.forEach((report, i) => {
        requests.push(
          usage.add({ v: RECORD_FORMAT, sessionId, order: before.usage + i, report } satisfies UsageRow),
        );
      });
      const sets = tx.objectStore(STORES.retrievalSets);
      for (const set of commit.retrievalSets)
        requests.push(sets.put({ v: RECORD_FORMAT, id: set.id, sessionId, set } satisfies RetrievalSetRow));
      if (blobs.length > 0) {
        const blobStore = tx.objectStore(STORES.blobs);
        const refs = tx.objectStore(STORES.blobRefs);
        const present = await Promise.all(blobs.map(([hash]) => blobStore.getKey(hash)));
        blobs.forEach(([hash, content], i) => {
          // Content is stored once by its hash: a hash already stored is not rewritten.
          if (present[i] === undefined)
            requests.push(blobStore.put({ v: RECORD_FORMAT, hash, content } satisfies BlobRow));
          requests.push(refs.put({ hash, sessionId } satisfies BlobRefRow));
        });
      }
      await requests.settled();
    });
    index.append(commit.messages, turnWrites, after, {
      messages: messageWrites.layout,
      turns: turnAppend.layout,
    });
  }

  /**
   * Each session's recall rows. Sessions without usable rows (a database from before version 3, turns committed while
   * recall was off, a damaged row, which is reported) are indexed from their messages, in a read of their own, and
   * their rows written in a third transaction, unless a turn landed in between (then the next read does it again).
   * That transaction also writes the rows of sessions read from many small ones (a row per turn) again as a few.
   */
  async recallEntries(sessionIds: readonly string[]): Promise<RecallRead> {
    const { found, missing, scattered } = await this.#read([STORES.sessions, STORES.recall], (tx) =>
      readRecallRows(tx, sessionIds),
    );
    if (missing.length === 0 && scattered.length === 0) return { sessions: found, rebuilt: [] };
    const reindexed =
      missing.length === 0 ? [] : await this.#read([STORES.messages], (tx) => readForReindexing(tx, missing));
    try {
      await this.#write([STORES.sessions, STORES.recall], 'recall rows', (tx) =>
        Promise.all([...reindexed, ...scattered].map((session) => writeReindexed(tx, session))),
      );
    } catch (error) {
      // The index is made all the same; the rows are written by a later read.
      reportError(error);
    }
    for (const { row, entries } of reindexed)
      found.set(row.id, { record: row.record, messages: row.counts.messages, entries });
    return { sessions: found, rebuilt: reindexed.map(({ row }) => row.id) };
  }

  // ── plans, usage, retrieval sets, blobs ───────────────────────────────────────────────────────────────────

  async getPlan(planId: string): Promise<StoredPlan | undefined> {
    const row = await this.#read([STORES.plans], async (tx) => {
      const raw = await tx.objectStore(STORES.plans).get(planId);
      return raw === undefined ? undefined : checkPlanRow(raw, `plan ${planId}`);
    });
    if (!row) return undefined;
    return (await this.#decodePlans(row.sessionId, [row]))[0];
  }

  async listPlans(sessionId: string): Promise<StoredPlan[]> {
    const rows = await this.#read([STORES.plans], async (tx) => {
      const range = IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);
      const raws: unknown[] = await tx.objectStore(STORES.plans).index('session').getAll(range);
      return raws.map((raw, i) => checkPlanRow(raw, `plan ${i} of session ${sessionId}`));
    });
    return rows.length === 0 ? [] : this.#decodePlans(sessionId, rows);
  }

  async listUsage(sessionId: string): Promise<UsageReport[]> {
    return this.#read([STORES.usage], async (tx) => {
      const raws: unknown[] = await tx.objectStore(STORES.usage).getAll(sessionRange(sessionId));
      return raws.map(
        (raw, i) => checkRow<UsageRow>(raw, `usage report ${i} of session ${sessionId}`, checks.usage).report,
      );
    });
  }

  async getRetrievalSet(retrievalSetId: string): Promise<RetrievalSet | undefined> {
    return this.#read([STORES.retrievalSets], async (tx) => {
      const raw = await tx.objectStore(STORES.retrievalSets).get(retrievalSetId);
      if (raw === undefined) return undefined;
      return checkRow<RetrievalSetRow>(raw, `retrieval set ${retrievalSetId}`, checks.retrievalSet).set;
    });
  }

  async getBlob(hash: string): Promise<string | undefined> {
    return this.#read([STORES.blobs], async (tx) => {
      const raw = await tx.objectStore(STORES.blobs).get(hash);
      return raw === undefined ? undefined : checkRow<BlobRow>(raw, `blob ${hash}`, checks.blob).content;
    });
  }

  // ── embeddings and documents ──────────────────────────────────────────────────────────────────────────────

  async getEmbeddings(modelId: string, contentHashes: readonly string[]): Promise<Map<string, Float32Array>> {
    return this.#read([STORES.embeddings], async (tx) => {
      const store = tx.objectStore(STORES.embeddings);
      const raws = await Promise.all(contentHashes.map((hash) => store.get([modelId, hash])));
      const found = new Map<string, Float32Array>();
      raws.forEach((raw, i) => {
        {
          if (raw === undefined) return;
          const hash = contentHashes[i] as string;
          found.set(
            hash,
            checkRow<EmbeddingRow>(raw, `embedding ${hash} of ${modelId}`, checks.embedding).vector,
          );
        }
      });
      return found;
    });
  }

  async putEmbeddings(modelId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    await this.#write([STORES.embeddings], `embeddings of ${modelId}`, async (tx) => {
      // The bare store: a promise per row costs more than the write itself in batches of thousands. A failed
      // write aborts the transaction, which `#write` reports. IndexedDB stores a structured clone: the caller may
      // reuse its buffers.
      const store = unwrap(tx.objectStore(STORES.embeddings));
      for (const [hash, vector] of vectors)
        store.put({ v: RECORD_FORMAT, modelId, hash, vector } satisfies EmbeddingRow);
    });
  }

  async getDocument(key: string): Promise<JsonValue | undefined> {
    const raw = await this.#read([STORES.documents], (tx) => tx.objectStore(STORES.documents).get(key));
    if (raw === undefined) return undefined;
    try {
      return checkRow<DocumentRow>(raw, `document ${key}`, checks.document).value;
    } catch (error) {
      // A newer version's row is left as it is (StoreVersionError); a damaged one must not fail every reader.
      if (!(error instanceof CorruptRecordError)) throw error;
      return this.#setAsideRow(key, error);
    }
  }

  /**
   * A document row that cannot be read (no format version, no value) is moved whole, as it was, to
   * `<key>.corrupt-<time>` in one transaction and reported: the document reads as absent, readers start it again, and
   * nothing is lost. Another tab that wrote a readable row meanwhile keeps it, and that is what is read.
   */
  async #setAsideRow(key: string, found: CorruptRecordError): Promise<JsonValue | undefined> {
    const kept = setAsideKey(key, new Date());
    let moved = false;
    const current = await this.#write([STORES.documents], `document ${key}`, async (tx) => {
      const documents = tx.objectStore(STORES.documents);
      const raw = await documents.get(key);
      if (raw === undefined) return undefined;
      try {
        return checkRow<DocumentRow>(raw, `document ${key}`, checks.document).value;
      } catch {
        await documents.put({ v: RECORD_FORMAT, key: kept, value: raw } satisfies DocumentRow);
        await documents.delete(key);
        moved = true;
        return undefined;
      }
    });
    if (moved)
      reportError(
        new CorruptRecordError(
          `document '${key}'`,
          `${found.problem}; its row was set aside whole as '${kept}' and the document started again`,
        ),
      );
    return current;
  }

  async putDocument(key: string, value: JsonValue): Promise<void> {
    await this.#write([STORES.documents], `document ${key}`, async (tx) => {
      await tx.objectStore(STORES.documents).put({ v: RECORD_FORMAT, key, value } satisfies DocumentRow);
    });
  }

  async updateDocument(
    key: string,
    update: (current: JsonValue | undefined) => JsonValue,
  ): Promise<JsonValue> {
    let written: JsonValue = null;
    await this.#write([STORES.documents], `document ${key}`, async (tx) => {
      const documents = tx.objectStore(STORES.documents);
      const raw = await documents.get(key);
      const current =
        raw === undefined ? undefined : checkRow<DocumentRow>(raw, `document ${key}`, checks.document).value;
      written = update(current);
      await documents.put({ v: RECORD_FORMAT, key, value: written } satisfies DocumentRow);
    });
    return written;
  }

  // ── export, import, delete everything ─────────────────────────────────────────────────────────────────────

  /** Everything stored, as JSON-ready data (see StoreExport). Unreadable records fail it, naming them. */
  async exportAll(): Promise<StoreExport> {
    return this.#read(ALL_STORES, async (tx) => {
      const ids = (await tx.objectStore(STORES.sessions).getAllKeys()) as string[];
      const sessions: SessionExport[] = [];
      for (const id of ids) sessions.push(await exportSessionRows(tx, id));
      const blobs = ((await tx.objectStore(STORES.blobs).getAll()) as unknown[]).map((raw, i) => {
        const row = checkRow<BlobRow>(raw, `blob ${i}`, checks.blob);
        return { hash: row.hash, content: row.content };
      });
      const embeddings = ((await tx.objectStore(STORES.embeddings).getAll()) as unknown[]).map((raw, i) => {
        const row = checkRow<EmbeddingRow>(raw, `embedding ${i}`, checks.embedding);
        return { modelId: row.modelId, hash: row.hash, vector: encodeVector(row.vector) };
      });
      const documents = ((await tx.objectStore(STORES.documents).getAll()) as unknown[]).map((raw, i) => {
        const row = checkRow<DocumentRow>(raw, `document ${i}`, checks.document);
        return { key: row.key, value: row.value };
      });
      return { format: EXPORT_FORMAT, version: EXPORT_VERSION, sessions, blobs, embeddings, documents };
    });
  }

  /** One session with the blobs it refers to (no embeddings or documents, which belong to no session). */
  async exportSession(sessionId: string): Promise<StoreExport> {
    return this.#read(ALL_STORES, async (tx) => {
      if ((await tx.objectStore(STORES.sessions).getKey(sessionId)) === undefined)
        throw new NotFoundError('session', sessionId);
      const session = await exportSessionRows(tx, sessionId);
      const blobStore = tx.objectStore(STORES.blobs);
      const blobs = await Promise.all(
        session.blobs.map(async (hash) => {
          const row = checkRow<BlobRow>(await blobStore.get(hash), `blob ${hash}`, checks.blob);
          return { hash, content: row.content };
        }),
      );
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        sessions: [session],
        blobs,
        embeddings: [],
        documents: [],
      };
    });
  }

  /**
   * Writes an export back, in one transaction: all of it or nothing. Sessions already in the store are refused
   * (ValidationError listing them) rather than merged; delete them first to replace them. Blobs, embeddings and
   * documents are written over any with the same key.
   */
  async importData(data: unknown): Promise<void> {
    const checked = checkExport(data);
    await this.#write(ALL_STORES, 'import', async (tx) => {
      const sessions = tx.objectStore(STORES.sessions);
      const existing = await Promise.all(
        checked.sessions.map((session) => sessions.getKey(session.record.id)),
      );
      const clashes = checked.sessions.filter((_, i) => existing[i] !== undefined);
      if (clashes.length > 0) {
        throw new ValidationError(
          'The import holds sessions this store already has (delete them first to replace them)',
          clashes.map((session) => ({
            path: `sessions[${checked.sessions.indexOf(session)}]`,
            message: `session '${session.record.id}' exists`,
          })),
        );
      }
      const requests = new RequestBatch();
      for (const session of checked.sessions) importSessionRows(tx, session, requests);
      for (const blob of checked.blobs)
        requests.push(tx.objectStore(STORES.blobs).put({ v: RECORD_FORMAT, ...blob } satisfies BlobRow));
      for (const row of checked.embeddings) {
        requests.push(
          tx.objectStore(STORES.embeddings).put({
            v: RECORD_FORMAT,
            modelId: row.modelId,
            hash: row.hash,
            vector: decodeVector(row.vector),
          } satisfies EmbeddingRow),
        );
      }
      for (const row of checked.documents)
        requests.push(
          tx.objectStore(STORES.documents).put({ v: RECORD_FORMAT, ...row } satisfies DocumentRow),
        );
      await requests.settled();
    });
    for (const session of checked.sessions) {
      this.#indexes.delete(session.record.id);
      this.#emit({ type: 'session-saved', sessionId: session.record.id });
    }
  }

  /** Deletes everything this store holds: sessions and all their rows, blobs, embeddings, documents. */
  async deleteAll(): Promise<void> {
    const ids = await this.#write(ALL_STORES, 'deletion of everything', async (tx) => {
      const keys = (await tx.objectStore(STORES.sessions).getAllKeys()) as string[];
      await Promise.all(ALL_STORES.map((name) => tx.objectStore(name).clear()));
      return keys;
    });
    this.#indexes.clear();
    for (const sessionId of ids) this.#emit({ type: 'session-deleted', sessionId });
  }

  // ── events ────────────────────────────────────────────────────────────────────────────────────────────────

  /** Hears this store's changes (`origin: 'local'`) and those other tabs make (`origin: 'remote'`). */
  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: StoreEvent): void {
    this.#emitLocally({ ...event, origin: 'local' });
    const { origin: _origin, ...shared } = event;
    this.#channel.post(shared as StoreEvent);
  }

  #emitLocally(event: StoreEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        reportError(error);
      }
    }
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────────────────

  /** What this store knows of a session, with every turn read (commits and plan reads need them). */
  async #indexFor(sessionId: string): Promise<SessionIndex | undefined> {
    const index = this.#indexes.get(sessionId) ?? (await this.#readSession(sessionId))?.index;
    if (!index) return undefined;
    try {
      await index.ready;
    } catch (error) {
      if (this.#indexes.get(sessionId) === index) this.#indexes.delete(sessionId);
      throw this.#closed ?? error;
    }
    return index;
  }

  /**
   * Reads a session in one transaction: its row, its messages, then the turns its plans refer to. Requests answer
   * in the order they were made, so the messages arrive first and this returns with them; the turns follow in the
   * same transaction (`index.ready`), and only commits and plan reads wait for them.
   */
  async #readSession(sessionId: string): Promise<{ row: SessionRow; index: SessionIndex } | undefined> {
    let turnsRead: Promise<unknown[]> | undefined;
    const loaded = await this.#read([STORES.sessions, STORES.messages, STORES.turns], async (tx) => {
      const rowRead = tx.objectStore(STORES.sessions).get(sessionId);
      const messagesRead = tx.objectStore(STORES.messages).getAll(sessionRange(sessionId)) as Promise<
        unknown[]
      >;
      turnsRead = tx.objectStore(STORES.turns).getAll(sessionRange(sessionId)) as Promise<unknown[]>;
      turnsRead.catch(() => undefined);
      const [raw, messageRows] = await Promise.all([rowRead, messagesRead]);
      if (raw === undefined) return undefined;
      const row = checkRow<SessionRow>(raw, `session ${sessionId}`, checks.session);
      const { messages, layout } = readMessageRows(messageRows, sessionId);
      if (messages.length !== row.counts.messages) {
        throw new CorruptRecordError(
          `session ${sessionId}`,
          `it counts ${row.counts.messages} messages, but ${messages.length} are stored`,
        );
      }
      const index = new SessionIndex(messages, [], row.counts, {
        messages: layout,
        turns: new SegmentLayout(),
      });
      return { row, index };
    });
    if (!loaded || !turnsRead) return undefined;
    const { row, index } = loaded;
    index.ready = turnsRead.then((turnRows) => {
      const { turns, layout } = readTurnRows(turnRows, sessionId, row.counts.turns);
      if (turns.length !== row.counts.turns) {
        throw new CorruptRecordError(
          `session ${sessionId}`,
          `it counts ${row.counts.turns} turns, but ${turns.length} are stored`,
        );
      }
      index.setTurns(turns, layout);
    });
    index.ready.catch(() => undefined);
    this.#indexes.set(sessionId, index);
    return loaded;
  }

  async #decodePlans(sessionId: string, rows: readonly PlanRow[]): Promise<StoredPlan[]> {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) this.#indexes.delete(sessionId);
      const index = await this.#indexFor(sessionId);
      try {
        if (!index) throw new MissingTurnError(0);
        return rows.map((row) => decodePlan(row.plan, index));
      } catch (error) {
        if (!(error instanceof MissingTurnError)) throw error;
        // Another tab may have written turns this index does not hold yet: read the session once more.
        if (attempt === 1) {
          throw new CorruptRecordError(
            `plan ${rows.length === 1 ? rows[0]?.id : `list of session ${sessionId}`}`,
            `it refers to turn ${error.turn} of session ${sessionId}, which is not stored or unreadable`,
          );
        }
      }
    }
  }

  #database(): Database {
    if (this.#closed) throw this.#closed;
    return this.#db;
  }

  async #read<T>(stores: StoreName[], body: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = this.#transaction(stores, 'readonly');
    try {
      return await body(tx);
    } catch (error) {
      throw this.#closed ?? error;
    }
  }

  /**
   * One read-write transaction: `body` issues requests and awaits only them. Any failure aborts the transaction,
   * so nothing of it is kept, and is reported as a typed error naming `where`.
   */
  async #write<T>(stores: StoreName[], where: string, body: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = this.#transaction(stores, 'readwrite');
    const done = tx.done.then(
      () => null,
      (error: unknown) => error ?? new Error('transaction aborted'),
    );
    let result: T;
    try {
      result = await body(tx);
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // It aborted already (a failed request aborts its transaction).
      }
      const aborted = await done;
      if (isQuotaError(error) || isQuotaError(aborted)) throw new StorageQuotaError(where, { cause: error });
      throw this.#closed ?? error;
    }
    const failed = await done;
    if (failed) {
      if (isQuotaError(failed)) throw new StorageQuotaError(where, { cause: failed });
      throw this.#closed ?? failed;
    }
    return result;
  }

  #transaction(stores: StoreName[], mode: 'readonly' | 'readwrite'): Tx {
    try {
      const tx = this.#database().transaction(stores, mode) as Tx;
      const raw = unwrap(tx) as IDBTransaction;
      this.#live.add(raw);
      const forget = () => this.#live.delete(raw);
      raw.addEventListener('complete', forget);
      raw.addEventListener('abort', forget);
      return tx;
    } catch (error) {
      // The connection closed under us (another tab's upgrade, the browser): say why.
      throw this.#closed ?? error;
    }
  }
}

function sameCounts(a: SessionCounts, b: SessionCounts): boolean {
  return a.messages === b.messages && a.turns === b.turns && a.plans === b.plans && a.usage === b.usage;
}

/** Opens (creating or upgrading) an IndexedDB store. See IdbStoreOptions and the errors it may reject with. */
export async function openIdbStore(options: IdbStoreOptions): Promise<IdbStore> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory) {
    throw new ValidationError('IndexedDB is not available', [
      {
        path: 'indexedDB',
        message: 'this environment has no indexedDB; pass a factory (e.g. fake-indexeddb in Node)',
      },
    ]);
  }
  const db = await openDatabase(factory, options.name);
  return new IdbStore(db, options);
}
