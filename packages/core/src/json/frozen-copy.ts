/**
 * A deeply frozen copy of a JSON value, without `undefined` properties (JSON has none). ctxkit copies what callers
 * hand it (catalog schemas, model replies, tool arguments) so that a caller reusing its objects later cannot
 * change what was recorded, sent or counted.
 */
export function frozenJsonCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenJsonCopy)) as T;
  // fromEntries defines properties, so even a key named "__proto__" stays an ordinary property.
  const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
  return Object.freeze(Object.fromEntries(entries.map(([key, entry]) => [key, frozenJsonCopy(entry)]))) as T;
}
