import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calibrateCosine, calibrateLexical, fuse, withLearning } from './index.js';

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const rank = fc.option(fc.integer({ min: 1, max: 100 }), { nil: null });

describe('fusion', () => {
  test('every score is in [0, 1], whatever goes in', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        unit,
        rank,
        rank,
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (bm25, maxIdf, cosine, weight, lexicalRank, vectorRank, learned, learningWeight) => {
          const lexical = calibrateLexical(bm25, maxIdf);
          const vector = calibrateCosine(cosine);
          for (const value of [lexical, vector]) expect(value >= 0 && value <= 1).toBe(true);
          for (const fusion of [
            { kind: 'weighted', lexicalWeight: weight } as const,
            { kind: 'rrf', k: 60 } as const,
          ]) {
            for (const v of [vector, null]) {
              const fused = fuse(
                { lexical, lexicalRank, vector: v, vectorRank: v === null ? null : vectorRank },
                fusion,
              );
              expect(fused >= 0 && fused <= 1).toBe(true);
              const final = withLearning(fused, learned, learningWeight);
              expect(final >= 0 && final <= 1).toBe(true);
            }
          }
        },
      ),
    );
  });

  test('scores grow with the evidence: more BM25, a higher cosine, positive learning', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(calibrateLexical(low, 4)).toBeLessThanOrEqual(calibrateLexical(high, 4));
        },
      ),
    );
    expect(calibrateCosine(0.1)).toBe(0);
    expect(calibrateCosine(0.6)).toBeCloseTo(0.5, 10);
    expect(calibrateCosine(1)).toBe(1);
    expect(withLearning(0.4, 0.5)).toBeCloseTo(0.7, 10);
    expect(withLearning(0.4, -0.5)).toBeCloseTo(0.2, 10);
    expect(withLearning(0.4, 0)).toBe(0.4);
  });

  test('a single full match on the rarest term calibrates to 1 / (1 + κ) of its saturation', () => {
    // BM25 of one term at full saturation is idf·(k1+1); with idf = idfMax, the score is 2.2 / (2.2 + 1.5).
    expect(calibrateLexical(2.2 * 5, 5)).toBeCloseTo(2.2 / 3.7, 10);
    expect(calibrateLexical(0, 5)).toBe(0);
  });

  test('without the vector path the lexical score is the score; rrf gives 1 to rank 1 in every list', () => {
    expect(fuse({ lexical: 0.42, lexicalRank: 3, vector: null, vectorRank: null })).toBe(0.42);
    expect(fuse({ lexical: 0.4, lexicalRank: 1, vector: 0.8, vectorRank: 1 })).toBeCloseTo(0.6, 10);
    expect(fuse({ lexical: 0, lexicalRank: 1, vector: 0, vectorRank: 1 }, { kind: 'rrf', k: 60 })).toBe(1);
    expect(fuse({ lexical: 0, lexicalRank: null, vector: 0, vectorRank: null }, { kind: 'rrf', k: 60 })).toBe(
      0,
    );
  });
});
