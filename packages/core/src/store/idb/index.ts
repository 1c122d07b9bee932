export type { SessionExport, StoreExport } from './export-format.js';
export { IdbStore, type IdbStoreOptions, openIdbStore, type SalvagedSession } from './idb-store.js';
export { type PersistenceResult, requestPersistentStorage } from './persist.js';
export { SCHEMA_VERSION as IDB_SCHEMA_VERSION } from './schema.js';
