import type { IDBPDatabase, IDBPTransaction } from 'idb';
import type { ChatMessage, SessionRecord, UsageReport } from '../../session/index.js';
import type { StoredPlan } from '../types.js';
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
  if (oldVersion === 1) await migrateFromV1(db, tx);
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
  const sessions = (await tx.objectStore('sessions').getAll()) as SessionRecord[];
  const messages = (await tx.objectStore('messages').getAll()) as V1Message[];
  const plans = (await tx.objectStore('plans').getAll()) as StoredPlan[];
  const usage = (await tx.objectStore('usage').getAll()) as V1Usage[];
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
    ownPlans.forEach((stored, order) => {
      {
        const plan = encodePlan(stored, index, turnWrites);
        write(tx.objectStore(STORES.plans).put({ v: RECORD_FORMAT, id: stored.id, sessionId, order, plan }));
      }
    });
    const turns = [...turnWrites].sort(([a], [b]) => a - b).map(([, entry]) => entry);
    for (const row of allRows(turns, sessionId, 'turns').rows) write(tx.objectStore(STORES.turns).put(row));
    const ownUsage = usage.filter((row) => row.sessionId === sessionId);
    ownUsage.forEach((row, order) => {
      write(tx.objectStore(STORES.usage).put({ v: RECORD_FORMAT, sessionId, order, report: row.report }));
    });
    const counts = {
      messages: own.length,
      turns: turnWrites.size,
      plans: ownPlans.length,
      usage: ownUsage.length,
    };
    write(tx.objectStore(STORES.sessions).put({ v: RECORD_FORMAT, id: sessionId, record, counts }));
  }
  await Promise.all(writes);
}
