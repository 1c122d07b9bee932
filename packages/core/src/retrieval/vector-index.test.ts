import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { FlatVectorIndex } from './index.js';

const vector = (dimension: number) =>
  fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: dimension, maxLength: dimension });

function normalized(values: readonly number[]): number[] {
  const norm = Math.hypot(...values);
  return norm === 0 ? values.map(() => 0) : values.map((value) => value / norm);
}

describe('FlatVectorIndex', () => {
  test('search returns the k most similar vectors by cosine, exactly as a full sort does', () => {
    fc.assert(
      fc.property(
        fc.array(vector(8), { minLength: 1, maxLength: 50 }),
        vector(8),
        fc.integer({ min: 1, max: 12 }),
        (rows, query, k) => {
          const index = new FlatVectorIndex(8, 2);
          for (const row of rows) index.add(row);
          const q = normalized(query);
          const cosines = rows.map((row) =>
            normalized(row).reduce((sum, value, i) => sum + value * (q[i] as number), 0),
          );
          const matches = index.search(Float32Array.from(q), k);
          expect(matches.map((match) => match.id).length).toBe(Math.min(k, rows.length));
          // Same scores as the definition (float32 storage: 1e-5), in non-increasing order.
          matches.forEach((match, i) => {
            expect(match.score).toBeCloseTo(cosines[match.id] as number, 4);
            expect(match.score).toBeCloseTo(index.similarity(Float32Array.from(q), match.id), 6);
            if (i > 0) expect(match.score).toBeLessThanOrEqual((matches[i - 1]?.score as number) + 1e-7);
          });
          // Nothing left out scores better than the worst kept.
          const kept = new Set(matches.map((match) => match.id));
          const worst = matches[matches.length - 1]?.score ?? 1;
          cosines.forEach((cosine, id) => {
            if (!kept.has(id)) expect(cosine).toBeLessThanOrEqual(worst + 1e-5);
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  test('normalizes what it stores, grows past its capacity and filters with accept', () => {
    const index = new FlatVectorIndex(2, 1);
    expect(index.add([3, 4])).toBe(0);
    expect(index.add([0, -2])).toBe(1);
    expect(index.add([1, 0])).toBe(2);
    expect(index.size).toBe(3);
    expect(index.similarity([0.6, 0.8], 0)).toBeCloseTo(1, 6);
    expect(index.search([1, 0], 3).map((match) => match.id)).toEqual([2, 0, 1]);
    expect(index.search([1, 0], 3, (id) => id !== 2).map((match) => match.id)).toEqual([0, 1]);
  });

  test('normalizes vectors of any magnitude, even subnormal ones, and stores zero vectors as zero', () => {
    const index = new FlatVectorIndex(2);
    index.add([5e-324, 5e-324]);
    index.add([1e300, 0]);
    index.add([0, 0]);
    expect(index.similarity([Math.SQRT1_2, Math.SQRT1_2], 0)).toBeCloseTo(1, 6);
    expect(index.similarity([1, 0], 1)).toBeCloseTo(1, 6);
    expect(index.similarity([1, 0], 2)).toBe(0);
  });

  test('refuses vectors of another dimension with a typed error', () => {
    const index = new FlatVectorIndex(3);
    expect(() => index.add([1, 2])).toThrow(ValidationError);
    expect(() => index.search([1, 2, 3, 4], 1)).toThrow(/4 dimensions; the index holds 3/);
    expect(() => new FlatVectorIndex(0)).toThrow(ValidationError);
    expect(() => index.similarity([1, 0, 0], 0)).toThrow(ValidationError);
  });
});
