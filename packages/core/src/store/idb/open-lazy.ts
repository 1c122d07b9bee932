import type { IdbStore, IdbStoreOptions } from './idb-store.js';

/**
 * Opens (creating or upgrading) an IndexedDB store. See IdbStoreOptions and the errors it may reject with.
 *
 * The store's implementation (and idb) is loaded here, with a dynamic import, so an app that never opens an
 * IndexedDB store does not ship it in its entry chunk; bundlers split it into a chunk loaded on the first call.
 */
export async function openIdbStore(options: IdbStoreOptions): Promise<IdbStore> {
  const implementation = await import('./idb-store.js');
  return implementation.openIdbStore(options);
}
