import type { JsonValue } from '../catalog/index.js';
import type { DocumentStore } from './types.js';

/**
 * Replaces a store document with `update(current)`: in one atomic step where the store can (`updateDocument`), else
 * read then write. Resolves to what was written.
 */
export async function updateDocument(
  store: DocumentStore,
  key: string,
  update: (current: JsonValue | undefined) => JsonValue,
): Promise<JsonValue> {
  if (store.updateDocument) return store.updateDocument(key, update);
  const written = update(await store.getDocument(key));
  await store.putDocument(key, written);
  return written;
}
