/**
 * JSON with object keys sorted, so that two structurally equal values always serialise to the same string
 * whatever order their keys were written in. `undefined` properties are omitted, as JSON.stringify does.
 *
 * Content and plan ids are hashes of this text, so it must never change for a value: it gives exactly what
 * `JSON.stringify` with a key-sorting replacer gives (a property test holds it to that). It is written out by hand
 * because a replacer runs for every value and made hashing a long history several times slower.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '', new Set()) as string;
}

function write(value: unknown, key: string, ancestors: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    case 'bigint':
      // JSON.stringify refuses these; so does this.
      return JSON.stringify(value);
    default:
      return undefined;
  }
  if (value === null) return 'null';
  const toJson = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJson === 'function') return write(toJson.call(value, key), key, ancestors);
  if (ancestors.has(value)) throw new TypeError('Converting circular structure to JSON');
  ancestors.add(value);
  let out: string;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (let i = 0; i < value.length; i++) parts.push(write(value[i], String(i), ancestors) ?? 'null');
    out = `[${parts.join(',')}]`;
  } else {
    const parts: string[] = [];
    for (const name of sortedKeys(value)) {
      const written = write((value as Record<string, unknown>)[name], name, ancestors);
      if (written !== undefined) parts.push(`${JSON.stringify(name)}:${written}`);
    }
    out = `{${parts.join(',')}}`;
  }
  ancestors.delete(value);
  return out;
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * Keys in the order JSON.stringify writes an object whose keys were added sorted: keys that are array indices come
 * first in numeric order (objects always list those first), then the others in sorted order.
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value).sort();
  const indices = keys.filter((key) => ARRAY_INDEX.test(key) && Number(key) < 4_294_967_295);
  if (indices.length === 0) return keys;
  const isIndex = new Set(indices);
  return [...indices.sort((a, b) => Number(a) - Number(b)), ...keys.filter((key) => !isIndex.has(key))];
}
