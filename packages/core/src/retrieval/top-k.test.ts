import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { topK } from './index.js';

describe('topK', () => {
  test('equals the first k of a full sort (score descending, index ascending), ties included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 70 }),
        (values, k) => {
          const scores = Float64Array.from(values);
          const sorted = values
            .map((_, i) => i)
            .sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
          expect(topK(scores, k)).toEqual(sorted.slice(0, k));
        },
      ),
    );
  });

  test('ranks only the candidates given and accepted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        (values, k) => {
          const candidates = values.map((_, i) => i).filter((i) => i % 3 !== 0);
          const accept = (i: number) => i % 2 === 0;
          const expected = candidates
            .filter(accept)
            .sort((a, b) => (values[b] as number) - (values[a] as number) || a - b)
            .slice(0, k);
          expect(topK(values, k, candidates, accept)).toEqual(expected);
        },
      ),
    );
  });

  test('k of 0 or less gives nothing', () => {
    expect(topK([3, 2, 1], 0)).toEqual([]);
    expect(topK([3, 2, 1], -1)).toEqual([]);
  });
});
