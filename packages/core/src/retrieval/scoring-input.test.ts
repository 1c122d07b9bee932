import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { accumulateUnchecked, hasUnchecked, idfUnchecked, matchedUnchecked, scoreUnchecked } from './bm25.js';
import {
  calibrateCosineUnchecked,
  calibrateLexicalUnchecked,
  fuseUnchecked,
  withLearningUnchecked,
} from './fusion.js';
import { Bm25Index, calibrateCosine, calibrateLexical, fuse, withLearning } from './index.js';

/** The paths a ValidationError names; anything else thrown is rethrown, and nothing thrown fails the test. */
function pathsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}

const valid = { lexical: 0.4, lexicalRank: 1, vector: 0.8, vectorRank: 2 };
const index = new Bm25Index([
  [{ text: 'Weather forecast', weight: 3 }],
  [{ text: 'weather of meetings, every day', weight: 1 }],
  [{ text: 'every road, every day', weight: 1 }],
]);

describe('the scoring functions check what they are handed', () => {
  test('fuse names the malformed score or fusion field', () => {
    expect(pathsOf(() => fuse(null as never))).toEqual(['scores']);
    expect(pathsOf(() => fuse({ ...valid, lexicalRank: 0 }))).toEqual(['scores.lexicalRank']);
    expect(pathsOf(() => fuse({ ...valid, vectorRank: 1.5 }))).toEqual(['scores.vectorRank']);
    expect(pathsOf(() => fuse({ ...valid, lexical: Number.NaN }))).toEqual(['scores.lexical']);
    expect(pathsOf(() => fuse({ ...valid, vector: '0.8' as never }))).toEqual(['scores.vector']);
    expect(pathsOf(() => fuse(valid, { kind: 'weighted', lexicalWeight: 1.5 }))).toEqual([
      'fusion.lexicalWeight',
    ]);
    expect(pathsOf(() => fuse(valid, { kind: 'rrf', k: -1 }))).toEqual(['fusion.k']);
    expect(pathsOf(() => fuse(valid, { kind: 'max' } as never))).toEqual(['fusion.kind']);
    expect(
      pathsOf(() => fuse(valid, { kind: 'weighted', lexicalWeight: 0.5, lexicalWieght: 0.2 } as never)),
    ).toEqual(['fusion.lexicalWieght']);
  });

  test('withLearning, calibrateLexical and calibrateCosine name the argument out of range', () => {
    expect(pathsOf(() => withLearning(1.2, 0.5))).toEqual(['base']);
    expect(pathsOf(() => withLearning(0.4, -2))).toEqual(['learned']);
    expect(pathsOf(() => withLearning(0.4, 0.5, -1))).toEqual(['weight']);
    expect(pathsOf(() => withLearning('0.4' as never, Number.NaN, null as never))).toEqual([
      'base',
      'learned',
      'weight',
    ]);
    expect(pathsOf(() => calibrateLexical(Number.NaN, 4))).toEqual(['bm25']);
    expect(pathsOf(() => calibrateLexical(3, '4' as never))).toEqual(['maxIdf']);
    expect(pathsOf(() => calibrateLexical(3, 4, 0))).toEqual(['scale']);
    expect(pathsOf(() => calibrateCosine(Number.POSITIVE_INFINITY))).toEqual(['cosine']);
    expect(pathsOf(() => calibrateCosine(0.5, 1))).toEqual(['floor']);
  });

  test("the index's per-term methods name the term or document", () => {
    expect(pathsOf(() => index.idf(42 as never))).toEqual(['term']);
    expect(pathsOf(() => index.score(3, ['road']))).toEqual(['doc']);
    expect(pathsOf(() => index.score(-1, ['road']))).toEqual(['doc']);
    expect(pathsOf(() => index.score(0, ['road', 7 as never]))).toEqual(['terms[1]']);
    expect(pathsOf(() => index.matched(1.5, 'road' as never))).toEqual(['doc', 'terms']);
  });

  test('has and accumulate name the term, the scores, the touched list or the scale', () => {
    const scores = () => new Float64Array(index.size);
    expect(pathsOf(() => index.has(42 as never))).toEqual(['term']);
    expect(pathsOf(() => index.has(undefined as never))).toEqual(['term']);
    expect(pathsOf(() => index.accumulate('road' as never, scores(), []))).toEqual(['terms']);
    expect(pathsOf(() => index.accumulate(['road', null as never], scores(), []))).toEqual(['terms[1]']);
    expect(pathsOf(() => index.accumulate(['road'], [0, 0, 0] as never, []))).toEqual(['scores']);
    // Too short: a document's score would be written past the end and lost.
    expect(pathsOf(() => index.accumulate(['road'], new Float64Array(2), []))).toEqual(['scores']);
    expect(pathsOf(() => index.accumulate(['road'], new Float32Array(3) as never, []))).toEqual(['scores']);
    expect(pathsOf(() => index.accumulate(['road'], scores(), new Set() as never))).toEqual(['touched']);
    expect(pathsOf(() => index.accumulate(['road'], scores(), [], Number.NaN))).toEqual(['scale']);
    expect(pathsOf(() => index.accumulate(['road'], scores(), [], '2' as never))).toEqual(['scale']);
    expect(
      pathsOf(() => index.accumulate([7 as never], null as never, null as never, null as never)),
    ).toEqual(['terms[0]', 'scores', 'touched', 'scale']);
    // Nothing was added before the check failed.
    const untouched = scores();
    const touched: number[] = [];
    expect(pathsOf(() => index.accumulate(['road', 3 as never], untouched, touched))).toEqual(['terms[1]']);
    expect([...untouched]).toEqual([0, 0, 0]);
    expect(touched).toEqual([]);
  });

  test('valid input gives what the unchecked functions give', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    const rank = fc.option(fc.integer({ min: 1, max: 100 }), { nil: null });
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 1e6, noNaN: true }),
        fc.double({ min: -1, max: 20, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        unit,
        rank,
        rank,
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (bm25, maxIdf, cosine, weight, lexicalRank, vectorRank, learned, learningWeight) => {
          expect(calibrateLexical(bm25, maxIdf)).toBe(calibrateLexicalUnchecked(bm25, maxIdf));
          expect(calibrateLexical(bm25, maxIdf, 0.5)).toBe(calibrateLexicalUnchecked(bm25, maxIdf, 0.5));
          expect(calibrateCosine(cosine)).toBe(calibrateCosineUnchecked(cosine));
          expect(calibrateCosine(cosine, -0.5)).toBe(calibrateCosineUnchecked(cosine, -0.5));
          const scores = { lexical: weight, lexicalRank, vector: cosine, vectorRank };
          for (const fusion of [
            { kind: 'weighted', lexicalWeight: weight } as const,
            { kind: 'rrf', k: 60 } as const,
          ]) {
            expect(fuse(scores, fusion)).toBe(fuseUnchecked(scores, fusion));
            expect(fuse({ ...scores, vector: null })).toBe(fuseUnchecked({ ...scores, vector: null }));
          }
          expect(withLearning(weight, learned, learningWeight)).toBe(
            withLearningUnchecked(weight, learned, learningWeight),
          );
          expect(withLearning(weight, learned)).toBe(withLearningUnchecked(weight, learned));
        },
      ),
    );
    expect(fuse(valid)).toBeCloseTo(0.6, 10);
    expect(withLearning(0.4, 0.5)).toBeCloseTo(0.7, 10);
  });

  test("the index's public and unchecked per-term methods agree", () => {
    const terms = ['road', 'weather', 'every', 'absent'];
    for (const term of terms) {
      expect(index.idf(term)).toBe(idfUnchecked(index, term));
      expect(index.has(term)).toBe(hasUnchecked(index, term));
    }
    expect(index.has('road')).toBe(true);
    expect(index.has('absent')).toBe(false);
    for (const scale of [1, 2.5]) {
      const checked = new Float64Array(index.size + 2);
      const unchecked = new Float64Array(index.size + 2);
      const touchedChecked: number[] = [];
      const touchedUnchecked: number[] = [];
      index.accumulate(terms, checked, touchedChecked, scale);
      accumulateUnchecked(index, terms, unchecked, touchedUnchecked, scale);
      expect([...checked]).toEqual([...unchecked]);
      expect(touchedChecked).toEqual(touchedUnchecked);
      expect(touchedChecked.sort()).toEqual([0, 1, 2]);
    }
    for (let doc = 0; doc < index.size; doc++) {
      expect(index.score(doc, terms)).toBe(scoreUnchecked(index, doc, terms));
      expect(index.matched(doc, terms)).toEqual(matchedUnchecked(index, doc, terms));
    }
    expect(index.matched(2, terms)).toEqual(['road', 'every']);
    expect(index.score(0, ['weather'])).toBeGreaterThan(index.score(1, ['weather']));
  });
});
