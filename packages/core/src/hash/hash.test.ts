import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, hashString } from './index.js';

describe('hashString', () => {
  test('is 16 hex digits and stable for known inputs', () => {
    expect(hashString('')).toMatch(/^[0-9a-f]{16}$/);
    expect(hashString('ctxkit')).toBe(hashString('ctxkit'));
  });

  // Stored plans are checked against their ids, which are these hashes: a changed hash function would make every
  // plan stored by an earlier version unreadable. These values must never change.
  test('gives the same values in every version', () => {
    expect(['', 'ctxkit', 'item-10', 'item-21'].map((text) => hashString(text))).toEqual([
      '488bdcb81aee8d83',
      'd4f164eb954adde6',
      '0e30ea6c5459cdac',
      'a61a138c07ff37e1',
    ]);
  });

  test('a seed gives an independent hash', () => {
    expect(hashString('ctxkit', 1)).toBe('1e1dd2e613e6c717');
    expect(hashString('ctxkit', 0)).toBe(hashString('ctxkit'));
  });

  test('different strings get different hashes (no collisions on a small sample)', () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 20_000; i++) {
      const text = `item-${i}`;
      const hash = hashString(text);
      expect(seen.get(hash)).toBeUndefined();
      seen.set(hash, text);
    }
  });

  test('one changed character changes the hash', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (text, at) => {
        const index = at % text.length;
        const changed =
          text.slice(0, index) + String.fromCharCode(text.charCodeAt(index) ^ 1) + text.slice(index + 1);
        expect(hashString(changed)).not.toBe(hashString(text));
      }),
    );
  });
});

describe('canonicalJson', () => {
  test('sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  test('a key named __proto__ is an ordinary key, as in JSON', () => {
    expect(canonicalJson(JSON.parse('{"z":0,"__proto__":{"b":1,"a":2}}'))).toBe(
      '{"__proto__":{"a":2,"b":1},"z":0}',
    );
    expect(canonicalJson(JSON.parse('{"__proto__":1}'))).not.toBe(canonicalJson({}));
  });

  test('key order never changes the result', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });
});

/** The definition the ids of stored plans were made with: JSON.stringify with a key-sorting replacer. */
function replacerJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

describe('canonicalJson, as ids were always made', () => {
  test('writes exactly what JSON.stringify with a key-sorting replacer writes', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('0', '1', '10', '9', '01', '-1', '4294967295', '__proto__', 'a'),
    );
    const value = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(key, tie('value'), { maxKeys: 5 }),
      ),
    })).value;
    fc.assert(
      fc.property(value, (input) => canonicalJson(input) === replacerJson(input)),
      {
        numRuns: 2_000,
      },
    );
  });

  test('refuses a cycle, as JSON.stringify does', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    const shared = { x: 1 };
    expect(canonicalJson({ b: shared, a: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
});
