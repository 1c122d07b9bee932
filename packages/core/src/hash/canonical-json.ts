/**
 * JSON with object keys sorted, so that two structurally equal values always serialise to the same string
 * whatever order their keys were written in. `undefined` properties are omitted, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    // A null prototype keeps a key named "__proto__" an ordinary property.
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}
