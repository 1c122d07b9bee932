import type { JsonValue } from '../catalog/index.js';
import type { DocumentStore } from '../store-types/index.js';
import { setAside } from './set-aside.js';
import type { SharedDocumentShape } from './shape.js';

/** Set-asides under way, per store and key: sessions reading a document at once set it aside once, not each. */
const underWay = new WeakMap<DocumentStore, Map<string, Promise<JsonValue | undefined>>>();

/**
 * Reads a shared document, checked: a value of its shape comes back as stored (undefined when there is none); a
 * malformed one is set aside whole (see `setAside`, which reports it) and the document as restarted comes back, so
 * one bad document never fails the turns that read it. A store that fails the read itself still fails it: that is
 * not about the document.
 */
export async function readSharedDocument(
  store: DocumentStore,
  shape: SharedDocumentShape,
): Promise<JsonValue | undefined> {
  const value = await store.getDocument(shape.key);
  if (value === undefined) return undefined;
  const problem = shape.problem(value);
  if (problem === null) return value;
  let byKey = underWay.get(store);
  if (!byKey) {
    byKey = new Map();
    underWay.set(store, byKey);
  }
  let running = byKey.get(shape.key);
  if (!running) {
    running = setAside(store, shape, value, problem).finally(() => byKey.delete(shape.key));
    byKey.set(shape.key, running);
  }
  const current = await running;
  // Another writer may have put something in meanwhile: check it as any read would.
  return current === undefined || shape.problem(current) === null ? current : shape.restart(current);
}
