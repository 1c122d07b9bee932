import type { IDBPTransaction } from 'idb';
import type { SessionExport } from './export-format.js';
import type { EncodedPlan } from './plan-codec.js';
import { isEncodedPlan } from './plan-codec.js';
import {
  type BlobRefRow,
  checkRow,
  checks,
  type PlanRow,
  RECORD_FORMAT,
  type RetrievalSetRow,
  type SessionRow,
  type UsageRow,
} from './rows.js';
import { STORES, type StoreName } from './schema.js';
import { allRows, readMessageRows, readTurnRows } from './segment-rows.js';
import type { SessionCounts } from './session-index.js';

// What one session's rows are, inside a transaction: reading them all (export), writing them all (import),
// deleting them. Each function only issues requests of the transaction it is given.

// biome-ignore lint/suspicious/noExplicitAny: rows are checked when read, not typed through idb's DBSchema.
export type Tx = IDBPTransaction<any, StoreName[], 'readwrite'>;

export const SESSION_STORES: StoreName[] = [
  STORES.sessions,
  STORES.messages,
  STORES.turns,
  STORES.plans,
  STORES.usage,
  STORES.retrievalSets,
  STORES.blobs,
  STORES.blobRefs,
  STORES.recall,
];

/** Every key [sessionId, n] of one session. */
export function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);
}

/**
 * The requests a transaction issued, awaited together. When the transaction aborts midway, the requests already
 * issued reject too; each is handled here so none surfaces as an unhandled rejection.
 */
export class RequestBatch {
  readonly #requests: Promise<unknown>[] = [];

  push(...requests: Promise<unknown>[]): void {
    for (const request of requests) {
      request.catch(() => undefined);
      this.#requests.push(request);
    }
  }

  settled(): Promise<unknown[]> {
    return Promise.all(this.#requests);
  }
}

export function checkPlanRow(raw: unknown, where: string): PlanRow {
  return checkRow<PlanRow>(raw, where, (row) =>
    typeof row.sessionId === 'string' && isEncodedPlan(row.plan) ? null : 'it holds no readable plan',
  );
}

/** Deletes a session's rows inside `tx`; true when there was a session. */
export async function deleteSessionRows(tx: Tx, sessionId: string): Promise<boolean> {
  const sessions = tx.objectStore(STORES.sessions);
  if ((await sessions.getKey(sessionId)) === undefined) return false;
  const planKeys = await tx
    .objectStore(STORES.plans)
    .index('session')
    .getAllKeys(IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]));
  const setKeys = await tx.objectStore(STORES.retrievalSets).index('session').getAllKeys(sessionId);
  const refKeys = (await tx.objectStore(STORES.blobRefs).index('session').getAllKeys(sessionId)) as [
    string,
    string,
  ][];
  await Promise.all([
    sessions.delete(sessionId),
    tx.objectStore(STORES.messages).delete(sessionRange(sessionId)),
    tx.objectStore(STORES.turns).delete(sessionRange(sessionId)),
    tx.objectStore(STORES.usage).delete(sessionRange(sessionId)),
    tx.objectStore(STORES.recall).delete(sessionRange(sessionId)),
    ...planKeys.map((key) => tx.objectStore(STORES.plans).delete(key)),
    ...setKeys.map((key) => tx.objectStore(STORES.retrievalSets).delete(key)),
    ...refKeys.map((key) => tx.objectStore(STORES.blobRefs).delete(key)),
  ]);
  // A blob goes with the last session that refers to it.
  const refs = tx.objectStore(STORES.blobRefs);
  await Promise.all(
    refKeys.map(async ([hash]) => {
      const others = await refs.count(IDBKeyRange.bound([hash, ''], [hash, '\uffff']));
      if (others === 0) await tx.objectStore(STORES.blobs).delete(hash);
    }),
  );
  return true;
}

export async function exportSessionRows(tx: Tx, sessionId: string): Promise<SessionExport> {
  const row = checkRow<SessionRow>(
    await tx.objectStore(STORES.sessions).get(sessionId),
    `session ${sessionId}`,
    checks.session,
  );
  const range = sessionRange(sessionId);
  const [messageRows, turnRows, planRows, usageRows, setRows, refKeys] = await Promise.all([
    tx.objectStore(STORES.messages).getAll(range) as Promise<unknown[]>,
    tx.objectStore(STORES.turns).getAll(range) as Promise<unknown[]>,
    tx
      .objectStore(STORES.plans)
      .index('session')
      .getAll(IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity])) as Promise<unknown[]>,
    tx.objectStore(STORES.usage).getAll(range) as Promise<unknown[]>,
    tx.objectStore(STORES.retrievalSets).index('session').getAll(sessionId) as Promise<unknown[]>,
    tx.objectStore(STORES.blobRefs).index('session').getAllKeys(sessionId) as Promise<[string, string][]>,
  ]);
  const at = (kind: string, i: number) => `${kind} ${i} of session ${sessionId}`;
  return {
    record: row.record,
    messages: readMessageRows(messageRows, sessionId).messages,
    turns: readTurnRows(turnRows, sessionId, row.counts.turns).turns,
    plans: planRows.map((raw, i) => checkPlanRow(raw, at('plan', i)).plan),
    usage: usageRows.map((raw, i) => checkRow<UsageRow>(raw, at('usage report', i), checks.usage).report),
    retrievalSets: setRows.map(
      (raw, i) => checkRow<RetrievalSetRow>(raw, at('retrieval set', i), checks.retrievalSet).set,
    ),
    blobs: refKeys.map(([hash]) => hash),
  };
}

export function importSessionRows(tx: Tx, session: SessionExport, requests: RequestBatch): void {
  const sessionId = session.record.id;
  const counts: SessionCounts = {
    messages: session.messages.length,
    turns: session.turns.length,
    plans: session.plans.length,
    usage: session.usage.length,
  };
  requests.push(
    tx
      .objectStore(STORES.sessions)
      .add({ v: RECORD_FORMAT, id: sessionId, record: session.record, counts } satisfies SessionRow),
  );
  for (const row of allRows(session.messages, sessionId, 'messages').rows)
    requests.push(tx.objectStore(STORES.messages).add(row));
  for (const row of allRows(session.turns, sessionId, 'turns').rows)
    requests.push(tx.objectStore(STORES.turns).add(row));
  session.plans.forEach((plan: EncodedPlan, order) => {
    requests.push(
      tx
        .objectStore(STORES.plans)
        .put({ v: RECORD_FORMAT, id: plan.id, sessionId, order, plan } satisfies PlanRow),
    );
  });
  session.usage.forEach((report, order) => {
    requests.push(
      tx.objectStore(STORES.usage).add({ v: RECORD_FORMAT, sessionId, order, report } satisfies UsageRow),
    );
  });
  for (const set of session.retrievalSets)
    requests.push(
      tx
        .objectStore(STORES.retrievalSets)
        .put({ v: RECORD_FORMAT, id: set.id, sessionId, set } satisfies RetrievalSetRow),
    );
  for (const hash of session.blobs)
    requests.push(tx.objectStore(STORES.blobRefs).put({ hash, sessionId } satisfies BlobRefRow));
}
