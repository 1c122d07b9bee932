import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { tokenize } from '../tokenize/index.js';
import { Bm25Index } from './bm25.js';
import { LexicalRanker } from './lexical-ranker.js';
import { topK } from './top-k.js';

const words = ['file', 'read', 'write', 'database', 'schema', 'query', 'user', 'session', 'token', 'cache'];

function index(texts: readonly string[]): Bm25Index {
  return new Bm25Index(texts.map((text) => [{ text, weight: 1 }]));
}

/** What the selector did before runs were kept: accumulate every posting, then a filtered top k. */
function direct(bm25: Bm25Index, terms: readonly string[], k: number, eligible: (doc: number) => boolean) {
  const scores = new Float64Array(bm25.size);
  const touched: number[] = [];
  bm25.accumulate(terms, scores, touched);
  return { top: topK(scores, k, touched, eligible), scores };
}

const corpus = fc.array(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), {
  minLength: 1,
  maxLength: 150,
});
const query = fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 4 });

describe('LexicalRanker', () => {
  test('ranks and scores exactly like accumulating every posting, first run or repeated (property)', () => {
    fc.assert(
      fc.property(
        corpus,
        fc.array(fc.tuple(query, fc.integer({ min: 1, max: 12 }), fc.array(fc.nat(149))), {
          minLength: 1,
          maxLength: 8,
        }),
        (docs, calls) => {
          const bm25 = index(docs.map((doc) => doc.join(' ')));
          const ranker = new LexicalRanker(bm25, 3);
          for (const [terms, k, excludedList] of calls) {
            const excluded = new Set(excludedList);
            const eligible = (doc: number) => !excluded.has(doc);
            const expected = direct(bm25, terms, k, eligible);
            const ranking = ranker.rank(terms, k, eligible);
            expect(ranking.top).toEqual(expected.top);
            for (let doc = 0; doc < bm25.size; doc++) expect(ranking.score(doc)).toBe(expected.scores[doc]);
          }
        },
      ),
    );
  });

  test('a repeated query sees exclusions that changed since its run was kept', () => {
    const bm25 = index(Array.from({ length: 20 }, (_, i) => `file ${'read '.repeat(i + 1)}`));
    const ranker = new LexicalRanker(bm25);
    const terms = tokenize('read file');
    const first = ranker.rank(terms, 3, () => true).top;
    expect(first).toHaveLength(3);
    const [best] = first;
    const again = ranker.rank(terms, 3, (doc) => doc !== best).top;
    expect(again).not.toContain(best);
    expect(again).toEqual(direct(bm25, terms, 3, (doc) => doc !== best).top);
    expect(ranker.size).toBe(1);
  });

  test('excluding more than the kept margin still finds the k best eligible documents', () => {
    const bm25 = index(Array.from({ length: 300 }, (_, i) => `cache ${'token '.repeat((i % 40) + 1)}`));
    const ranker = new LexicalRanker(bm25);
    const terms = tokenize('token cache');
    ranker.rank(terms, 5, () => true);
    const kept = direct(bm25, terms, 150, () => true).top;
    const excluded = new Set(kept.slice(0, 120));
    const eligible = (doc: number) => !excluded.has(doc);
    expect(ranker.rank(terms, 5, eligible).top).toEqual(direct(bm25, terms, 5, eligible).top);
  });

  test('keeps at most `capacity` runs, dropping the least recently used', () => {
    const bm25 = index(['file read', 'write schema', 'query user', 'token cache']);
    const ranker = new LexicalRanker(bm25, 2);
    for (const text of ['file', 'schema', 'user', 'file']) ranker.rank(tokenize(text), 2, () => true);
    expect(ranker.size).toBe(2);
  });
});
