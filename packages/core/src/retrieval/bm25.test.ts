import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Bm25Index, tokenize } from './index.js';

const words = [
  'file',
  'read',
  'write',
  'database',
  'schema',
  'query',
  'user',
  'session',
  'token',
  'error',
  'cache',
];

interface Doc {
  readonly name: string;
  readonly description: string;
}

/** BM25F written out from its definition (name ×3, description ×1, k1 1.2, b 0.75), to check the index against. */
function reference(docs: readonly Doc[], query: string): number[] {
  const tfs = docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of tokenize(doc.name)) tf.set(term, (tf.get(term) ?? 0) + 3);
    for (const term of tokenize(doc.description)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const length = (tf: Map<string, number>) => [...tf.values()].reduce((a, b) => a + b, 0);
  const average = tfs.reduce((sum, tf) => sum + length(tf), 0) / tfs.length || 1;
  const terms = [...new Set(tokenize(query))];
  return tfs.map((tf) => {
    let score = 0;
    for (const term of terms) {
      const df = tfs.filter((other) => other.has(term)).length;
      if (df === 0) continue;
      const idf = Math.log(1 + (tfs.length - df + 0.5) / (df + 0.5));
      const f = tf.get(term) ?? 0;
      score += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * length(tf)) / average));
    }
    return score;
  });
}

function indexOf(docs: readonly Doc[]): Bm25Index {
  return new Bm25Index(
    docs.map((doc) => [
      { text: doc.name, weight: 3 },
      { text: doc.description, weight: 1 },
    ]),
  );
}

describe('Bm25Index', () => {
  test('scores every document as BM25F computed from its definition', () => {
    const doc = fc.record({
      name: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      description: fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' ')),
    });
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(...words, 'absent'), { minLength: 1, maxLength: 5 }),
        (docs, queryWords) => {
          const query = queryWords.join(' ');
          const index = indexOf(docs);
          const scores = new Float64Array(docs.length);
          const touched: number[] = [];
          index.accumulate([...new Set(tokenize(query))], scores, touched);
          const expected = reference(docs, query);
          expected.forEach((score, i) => {
            expect(scores[i]).toBeCloseTo(score, 4);
          });
          // Every document with a score was reported once as touched.
          expect([...touched].sort((a, b) => a - b)).toEqual(
            expected.flatMap((score, i) => (score > 0 ? [i] : [])),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a name match outweighs a description match; rare terms outweigh common ones', () => {
    const index = indexOf([
      { name: 'Weather forecast', description: 'rain and sun' },
      { name: 'Calendar', description: 'weather of meetings, every day' },
      { name: 'Maps', description: 'every road, every day' },
    ]);
    const scores = new Float64Array(3);
    index.accumulate(['weather'], scores, []);
    expect(scores[0]).toBeGreaterThan(scores[1] as number);
    expect(index.idf('road')).toBeGreaterThan(index.idf('every'));
    expect(index.idf('absent')).toBe(0);
    expect(index.maxIdf).toBeCloseTo(Math.log(1 + 2.5 / 1.5), 10);
    expect(index.matched(2, ['road', 'weather', 'every'])).toEqual(['road', 'every']);
  });

  test('scale multiplies the contribution; an empty index scores nothing', () => {
    const index = indexOf([
      { name: 'file', description: 'read' },
      { name: 'user', description: '' },
    ]);
    const once = new Float64Array(2);
    const twice = new Float64Array(2);
    index.accumulate(['file'], once, []);
    index.accumulate(['file'], twice, [], 2);
    expect(twice[0]).toBeCloseTo(2 * (once[0] as number), 10);
    const empty = new Bm25Index([]);
    expect(empty.size).toBe(0);
    expect(empty.has('file')).toBe(false);
  });
});
