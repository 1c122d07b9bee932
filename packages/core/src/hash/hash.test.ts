import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, hashString } from './index.js';

describe('hashString', () => {
  test('is 16 hex digits and stable for known inputs', () => {
    expect(hashString('')).toMatch(/^[0-9a-f]{16}$/);
    expect(hashString('ctxkit')).toBe(hashString('ctxkit'));
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

  test('key order never changes the result', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
    );
  });
});
