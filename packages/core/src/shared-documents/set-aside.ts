import type { JsonValue } from '../catalog/index.js';
import { CorruptRecordError, reportError } from '../errors/index.js';
import { type DocumentStore, updateDocument } from '../store-types/index.js';
import type { SharedDocumentShape } from './shape.js';

/** The key a malformed document is kept under: `<key>.corrupt-<ISO time>`, so several set aside never collide. */
export function setAsideKey(key: string, at: Date): string {
  return `${key}.corrupt-${at.toISOString()}`;
}

/** Whether a key names a document set aside (`<key>.corrupt-…`), for a host listing what it may inspect. */
export function isSetAsideKey(key: string): boolean {
  return /\.corrupt-\d{4}-\d\d-\d\dT/.test(key);
}

// JSON text is enough to tell "still the value we found" from "another tab wrote something else meanwhile": stores
// hand back copies, so identity says nothing.
const same = (a: JsonValue | undefined, b: JsonValue) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/**
 * Sets a malformed shared document aside whole: copies it under `setAsideKey`, then replaces it with
 * `shape.restart(value)` unless another writer changed it meanwhile (that writer's value is kept). The copy is
 * written first, so a failure between the two writes loses nothing. Reports a CorruptRecordError naming the
 * document, what was wrong and where it was kept. Resolves to the document as it now is.
 */
export async function setAside(
  store: DocumentStore,
  shape: SharedDocumentShape,
  value: JsonValue,
  problem: string,
  now: () => Date = () => new Date(),
): Promise<JsonValue> {
  const kept = setAsideKey(shape.key, now());
  await store.putDocument(kept, value);
  const restarted = shape.restart(value);
  const current = await updateDocument(store, shape.key, (stored) =>
    stored === undefined || same(stored, value) ? restarted : stored,
  );
  reportError(
    new CorruptRecordError(
      `document '${shape.key}'`,
      `${problem}; it was set aside whole as '${kept}' and started again`,
    ),
  );
  return current;
}
