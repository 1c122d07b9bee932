import { freshName, type IdbStore, openRaw, openTestStore, rawWrite } from './idb.fixtures.js';

/** The object stores of schema version 2, as it created them. */
const V2_STORES: [name: string, keyPath: string | string[], index?: [string, string | string[]]][] = [
  ['sessions', 'id'],
  ['messages', ['sessionId', 'position']],
  ['turns', ['sessionId', 'position']],
  ['plans', 'id', ['session', ['sessionId', 'order']]],
  ['usage', ['sessionId', 'order']],
  ['retrievalSets', 'id', ['session', 'sessionId']],
  ['blobs', 'hash'],
  ['blobRefs', ['hash', 'sessionId'], ['session', 'sessionId']],
  ['embeddings', ['modelId', 'hash']],
  ['documents', 'key'],
];

export function rawGetAll(db: IDBDatabase, name: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(name).objectStore(name).getAll();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Creates database `name` at schema version 2 holding what `fill` writes. Version 3 added the recall store and
 * changed no other row, so the rows are written by today's store on a scratch database and copied, store by store,
 * into a database with version 2's stores only: exactly what a version 2 ctxkit would have left.
 */
export async function createV2(name: string, fill: (store: IdbStore) => Promise<void>): Promise<void> {
  const scratch = freshName();
  const current = await openTestStore(scratch);
  await fill(current);
  current.close();
  const source = await openRaw(scratch);
  const rows = await Promise.all(V2_STORES.map(([store]) => rawGetAll(source, store)));
  source.close();
  const db = await openRaw(name, 2, (raw) => {
    for (const [store, keyPath, index] of V2_STORES) {
      const created = raw.createObjectStore(store, { keyPath });
      if (index) created.createIndex(index[0], index[1]);
    }
  });
  await rawWrite(
    db,
    V2_STORES.map(([store]) => store),
    (tx) => {
      V2_STORES.forEach(([store], i) => {
        for (const row of rows[i] as unknown[]) tx.objectStore(store).put(row);
      });
    },
  );
  db.close();
}
