export type { SessionExport, StoreExport } from './export-format.js';
// Types only: the implementation loads lazily, on the first `openIdbStore` call.
export type { IdbStore, IdbStoreOptions, SalvagedSession } from './idb-store.js';
export { openIdbStore } from './open-lazy.js';
export { type PersistenceOptions, type PersistenceResult, requestPersistentStorage } from './persist.js';
export { SCHEMA_VERSION as IDB_SCHEMA_VERSION } from './schema-version.js';
