import { wrap } from 'idb';
import { StoreBlockedError, StoreVersionError } from '../../errors/index.js';
import { type Database, SCHEMA_VERSION, upgrade } from './schema.js';

/**
 * Opens (creating or upgrading) the database, like idb's `openDB`, but with the factory the host gives and with a
 * blocked upgrade turned into StoreBlockedError instead of a promise that waits for another tab forever.
 */
export function openDatabase(factory: IDBFactory, name: string): Promise<Database> {
  return new Promise<Database>((resolve, reject) => {
    let settled = false;
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, SCHEMA_VERSION);
    } catch (error) {
      reject(error);
      return;
    }
    request.addEventListener('upgradeneeded', (event) => {
      const db = wrap(request.result) as Database;
      const tx = wrap(request.transaction as IDBTransaction) as unknown as Parameters<typeof upgrade>[2];
      // idb's `done` of the upgrade transaction rejects when a failed migration aborts it; the open reports that.
      tx.done.catch(() => undefined);
      upgrade(db, event.oldVersion, tx).catch((error: unknown) => {
        // Aborting the versionchange transaction fails the open and keeps the old database untouched.
        try {
          tx.abort();
        } catch {
          // already finished
        }
        if (!settled) {
          settled = true;
          reject(error);
        }
      });
    });
    request.addEventListener('blocked', (event) => {
      if (settled) return;
      settled = true;
      reject(new StoreBlockedError(name, event.oldVersion, event.newVersion ?? SCHEMA_VERSION));
    });
    request.addEventListener('success', () => {
      const db = wrap(request.result) as Database;
      if (settled) {
        // Refused as blocked, and the other tab has let go since: nobody holds this connection.
        db.close();
        return;
      }
      settled = true;
      resolve(db);
    });
    request.addEventListener('error', () => {
      if (settled) return;
      settled = true;
      const error = request.error;
      if (error?.name === 'VersionError') {
        reject(
          new StoreVersionError(
            `database '${name}'`,
            null,
            SCHEMA_VERSION,
            'was created by a newer version of ctxkit',
          ),
        );
      } else {
        reject(error);
      }
    });
  });
}
