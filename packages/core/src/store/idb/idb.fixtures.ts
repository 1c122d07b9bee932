import { afterEach } from 'vitest';
import { IdbStore, type IdbStoreOptions, openIdbStore } from './idb-store.js';

// Node has no IndexedDB: fake-indexeddb stands in (its globals, since idb checks `instanceof IDBDatabase`).
// Chromium runs the same tests on its real IndexedDB.
if (!('indexedDB' in globalThis)) await import('fake-indexeddb/auto');

let counter = 0;

/** A database name no other test uses. */
export function freshName(): string {
  counter += 1;
  return `ctxkit-test-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Opens a store on `name` (a new database by default). */
export function openTestStore(name = freshName(), options: Partial<IdbStoreOptions> = {}): Promise<IdbStore> {
  return openIdbStore({ name, ...options });
}

/** Opens a store on a named database; `closeAll` closes every store it opened (a reload, mid-test). */
export type StoreOpener = ((name: string) => Promise<IdbStore>) & { closeAll(): void };

/**
 * For a test file: opens stores on named databases and closes every one after each test, so no connection outlives
 * its test (a later upgrade or deletion of the database would wait for it).
 */
export function storesClosedAfterEach(): StoreOpener {
  const opened: IdbStore[] = [];
  const closeAll = () => {
    for (const store of opened.splice(0)) store.close();
  };
  afterEach(closeAll);
  const open = async (name: string) => {
    const store = await openTestStore(name);
    opened.push(store);
    return store;
  };
  return Object.assign(open, { closeAll });
}

/** Opens the database with the raw API, at a given version, to write rows as an older or newer ctxkit would. */
export function openRaw(
  name: string,
  version?: number,
  upgrade?: (db: IDBDatabase, tx: IDBTransaction) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => upgrade?.(request.result, request.transaction as IDBTransaction);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('raw open blocked'));
  });
}

/** Runs `write` in one raw read-write transaction and waits for it to complete. */
export function rawWrite(
  db: IDBDatabase,
  stores: string[],
  write: (tx: IDBTransaction) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(stores, 'readwrite');
    write(tx);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export { IdbStore };
