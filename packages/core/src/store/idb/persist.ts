/** What `requestPersistentStorage` obtained. */
export type PersistenceResult = 'persisted' | 'denied' | 'unsupported';

/**
 * Asks the browser to keep this origin's storage when space runs low (`navigator.storage.persist()`); without it,
 * the browser may evict IndexedDB data of a site not used for a while. Chromium grants it without a prompt to
 * sites the user engages with (installed, bookmarked, notifications); Firefox asks the user. Call it after a user
 * gesture, e.g. when the user saves their first session.
 */
export async function requestPersistentStorage(): Promise<PersistenceResult> {
  const storage = (globalThis as { navigator?: { storage?: Partial<StorageManager> } }).navigator?.storage;
  if (typeof storage?.persist !== 'function') return 'unsupported';
  if (typeof storage.persisted === 'function' && (await storage.persisted())) return 'persisted';
  return (await storage.persist()) ? 'persisted' : 'denied';
}
