import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { CorruptRecordError, reportError } from '../../errors/index.js';
import type { ChatMessage, SessionRecord, UsageReport } from '../../session/index.js';
import type { StoredPlan } from '../../store-types/index.js';
import { messageProblem, recordProblem } from '../record-shape.js';
import { encodePlan } from './plan-codec.js';
import { RECORD_FORMAT } from './rows.js';
import { allRows } from './segment-rows.js';
import { SegmentLayout } from './segments.js';
import { SessionIndex, type TurnWrites } from './session-index.js';

// The version lives in its own module so the public entry can export it without the store's implementation.
export { SCHEMA_VERSION } from './schema-version.js';

export const STORES = {
  sessions: 'sessions',
  messages: 'messages',
  turns: 'turns',
  plans: 'plans',
  usage: 'usage',
  retrievalSets: 'retrievalSets',
  blobs: 'blobs',
  blobRefs: 'blobRefs',
  embeddings: 'embeddings',
  documents: 'documents',
  recall: 'recall',
} as const;

export type StoreName = (typeof STORES)[keyof typeof STORES];
export const ALL_STORES = Object.values(STORES);

// biome-ignore lint/suspicious/noExplicitAny: the schema is not typed through idb's DBSchema; rows are checked on read.
export type Database = IDBPDatabase<any>;
// biome-ignore lint/suspicious/noExplicitAny: see Database.
type UpgradeTransaction = IDBPTransaction<any, StoreName[], 'versionchange'>;

function createStores(db: Database): void {
  db.createObjectStore(STORES.sessions, { keyPath: 'id' });
  db.createObjectStore(STORES.messages, { keyPath: ['sessionId', 'position'] });
  db.createObjectStore(STORES.turns, { keyPath: ['sessionId', 'position'] });
  db.createObjectStore(STORES.plans, { keyPath: 'id' }).createIndex('session', ['sessionId', 'order']);
  db.createObjectStore(STORES.usage, { keyPath: ['sessionId', 'order'] });
  db.createObjectStore(STORES.retrievalSets, { keyPath: 'id' }).createIndex('session', 'sessionId');
  db.createObjectStore(STORES.blobs, { keyPath: 'hash' });
  db.createObjectStore(STORES.blobRefs, { keyPath: ['hash', 'sessionId'] }).createIndex(
    'session',
    'sessionId',
  );
  db.createObjectStore(STORES.embeddings, { keyPath: ['modelId', 'hash'] });
  db.createObjectStore(STORES.documents, { keyPath: 'key' });
  createRecallStore(db);
}

/** Version 3: what recall indexes of each turn, keyed by session and the position of the turn's first message. */
function createRecallStore(db: Database): void {
  db.createObjectStore(STORES.recall, { keyPath: ['sessionId', 'position'] });
}

/**
 * Runs inside the upgrade's versionchange transaction, awaiting nothing but its requests, so a failed migration
 * aborts the upgrade and leaves the old database as it was.
 */
export async function upgrade(db: Database, oldVersion: number, tx: UpgradeTransaction): Promise<void> {
  if (oldVersion < 1) {
    createStores(db);
    return;
  }
  // Version 1's migration creates every store of this version, the recall store with them.
  if (oldVersion === 1) await migrateFromV1(db, tx);
  // A version 2 database has no recall rows: recall indexes its sessions from their messages once, on its first
  // read, and writes the rows then (in a transaction of its own: this one must await nothing but its requests).
  else if (oldVersion === 2) createRecallStore(db);
}

interface V1Message {
  readonly sessionId: string;
  readonly message: ChatMessage;
}
interface V1Usage {
  readonly sessionId: string;
  readonly report: UsageReport;
}

/** Version 1 kept whole records; version 2 wraps them in versioned rows and stores plan history by reference. */
async function migrateFromV1(db: Database, tx: UpgradeTransaction): Promise<void> {
  // A malformed row must not make the whole database unusable: it is set aside (kept whole in the quarantine
  // document, reported as a CorruptRecordError naming it) and everything else is migrated.
  const quarantined: QuarantinedRow[] = [];
  const keep = <T>(store: string, rows: unknown[], problemOf: (row: unknown) => string | null): T[] =>
    rows.filter((row, i) => {
      const problem = problemOf(row);
      if (problem === null) return true;
      quarantined.push({ store, index: i, problem, row });
      return false;
    }) as T[];
  const sessions = keep<SessionRecord>(
    'sessions',
    await tx.objectStore('sessions').getAll(),
    v1SessionProblem,
  );
  const known = new Set(sessions.map((record) => record.id));
  const ofKnownSession = (row: unknown) =>
    isObject(row) && typeof row.sessionId === 'string' && known.has(row.sessionId)
      ? null
      : 'it belongs to no readable session';
  const messages = keep<V1Message>(
    'messages',
    await tx.objectStore('messages').getAll(),
    (row) => ofKnownSession(row) ?? messageProblem((row as { message?: unknown }).message),
  );
  const plans = keep<StoredPlan>(
    'plans',
    await tx.objectStore('plans').getAll(),
    (row) =>
      ofKnownSession(row) ??
      (isObject(row) && typeof row.id === 'string' && Number.isInteger(row.turnIndex) && isObject(row.input)
        ? null
        : 'it is not a stored plan'),
  );
  const usage = keep<V1Usage>(
    'usage',
    await tx.objectStore('usage').getAll(),
    (row) =>
      ofKnownSession(row) ??
      (isObject((row as { report?: unknown }).report) ? null : 'it holds no usage report'),
  );
  for (const name of ['sessions', 'messages', 'plans', 'usage']) db.deleteObjectStore(name);
  createStores(db);

  const writes: Promise<unknown>[] = [];
  // If the migration throws midway, the upgrade aborts and every write already issued rejects: handle each.
  const write = (request: Promise<unknown>) => {
    request.catch(() => undefined);
    writes.push(request);
  };
  for (const record of sessions) {
    const sessionId = record.id;
    const own = messages.filter((row) => row.sessionId === sessionId).map((row) => row.message);
    const messageRows = allRows(own, sessionId, 'messages');
    const index = new SessionIndex(
      own,
      [],
      { messages: own.length, turns: 0, plans: 0, usage: 0 },
      { messages: messageRows.layout, turns: new SegmentLayout() },
    );
    for (const row of messageRows.rows) write(tx.objectStore(STORES.messages).put(row));
    // Version 1 listed plans by id; their turn index restores the order they were written in.
    const ownPlans = plans
      .filter((stored) => stored.sessionId === sessionId)
      .sort((a, b) => a.turnIndex - b.turnIndex);
    const turnWrites: TurnWrites = new Map();
    let order = 0;
    for (const stored of ownPlans) {
      let plan: ReturnType<typeof encodePlan>;
      try {
        plan = encodePlan(stored, index, turnWrites);
      } catch (error) {
        quarantined.push({
          store: 'plans',
          index: -1,
          problem: `plan ${stored.id}: ${String(error)}`,
          row: stored,
        });
        continue;
      }
      write(tx.objectStore(STORES.plans).put({ v: RECORD_FORMAT, id: stored.id, sessionId, order, plan }));
      order += 1;
    }
    const turns = [...turnWrites].sort(([a], [b]) => a - b).map(([, entry]) => entry);
    for (const row of allRows(turns, sessionId, 'turns').rows) write(tx.objectStore(STORES.turns).put(row));
    const ownUsage = usage.filter((row) => row.sessionId === sessionId);
    ownUsage.forEach((row, order) => {
      write(tx.objectStore(STORES.usage).put({ v: RECORD_FORMAT, sessionId, order, report: row.report }));
    });
    const counts = {
      messages: own.length,
      turns: turnWrites.size,
      plans: order,
      usage: ownUsage.length,
    };
    write(tx.objectStore(STORES.sessions).put({ v: RECORD_FORMAT, id: sessionId, record, counts }));
  }
  if (quarantined.length > 0) {
    write(
      tx
        .objectStore(STORES.documents)
        .put({ v: RECORD_FORMAT, key: QUARANTINE_DOCUMENT, value: quarantined as never }),
    );
  }
  await Promise.all(writes);
  for (const { store, index, problem } of quarantined)
    reportError(
      new CorruptRecordError(
        `version 1 ${store} row ${index}`,
        `${problem}; kept in '${QUARANTINE_DOCUMENT}'`,
      ),
    );
}

/** Where a migration keeps the rows it could not read, whole, so that nothing stored is lost. */
export const QUARANTINE_DOCUMENT = 'ctxkit.migration.quarantine';

interface QuarantinedRow {
  readonly store: string;
  readonly index: number;
  readonly problem: string;
  readonly row: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function v1SessionProblem(row: unknown): string | null {
  if (!isObject(row) || typeof row.id !== 'string') return 'it is not a session record (no id)';
  return recordProblem(row);
}
