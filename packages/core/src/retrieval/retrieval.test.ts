import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type CatalogItem, defineCatalog } from '../catalog/index.js';
import { createLexicalSelector, tokenize } from './index.js';

describe('tokenize', () => {
  test('splits identifiers, lower-cases, drops stop words and folds plurals and suffixes', () => {
    expect(tokenize('readFile from src/utils/parse_json.ts')).toEqual([
      'read',
      'file',
      'src',
      'util',
      'parse',
      'json',
      'ts',
    ]);
    expect(tokenize('HTTPServer handles the XMLHttpRequest')).toEqual([
      'http',
      'server',
      'handle',
      'xml',
      'http',
      'request',
    ]);
    expect(tokenize('testing tested tests')).toEqual(['test', 'test', 'test']);
    expect(tokenize('How do I run queries?')).toEqual(['run', 'query']);
    expect(tokenize('Grüße, 東京')).toEqual(['grüße', '東京']);
  });
});

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
  'disk',
];

function catalogOf(texts: readonly { name: string; description: string }[]) {
  return defineCatalog({
    rules: texts.map((text, i) => ({
      name: `${text.name} ${i}`,
      description: text.description,
      content: '',
      include: 'agent' as const,
    })),
  });
}

/** BM25 written out from its definition, to check the indexed one against. */
function referenceScores(items: readonly CatalogItem[], query: string): Map<string, number> {
  const docs = items.map((item) => {
    const tf = new Map<string, number>();
    for (const term of tokenize(item.name)) tf.set(term, (tf.get(term) ?? 0) + 3);
    for (const term of tokenize(item.description)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const length = (tf: Map<string, number>) => [...tf.values()].reduce((a, b) => a + b, 0);
  const average = docs.reduce((sum, tf) => sum + length(tf), 0) / docs.length;
  const terms = [...new Set(tokenize(query))].filter((term) => docs.some((tf) => tf.has(term)));
  const idf = (term: string) => {
    const df = docs.filter((tf) => tf.has(term)).length;
    return Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
  };
  const ceiling = terms.reduce((sum, term) => sum + idf(term) * 2.2, 0);
  const scores = new Map<string, number>();
  docs.forEach((tf, i) => {
    let score = 0;
    for (const term of terms) {
      const f = tf.get(term) ?? 0;
      score += (idf(term) * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * length(tf)) / average));
    }
    if (score > 0) scores.set((items[i] as CatalogItem).key, score / ceiling);
  });
  return scores;
}

describe('createLexicalSelector', () => {
  const catalog = defineCatalog({
    rules: [
      {
        name: 'File operations',
        description: 'Reading and writing files on disk',
        content: 'Use atomic renames.',
        include: 'agent',
      },
      { name: 'Tone', description: 'How to talk to users', content: 'Be brief.', include: 'agent' },
      { name: 'Always on', content: 'file file file', include: 'always' },
    ],
    servers: [{ name: 'fs', include: 'agent' }],
    tools: [
      {
        server: 'fs',
        name: 'readFile',
        description: 'Read a file from disk',
        inputSchema: { type: 'object' },
      },
    ],
  });

  test('ranks agent items by relevance, with scores in [0, 1] and the matched terms', () => {
    const set = createLexicalSelector().select({
      query: 'read a file from disk',
      catalog,
      exclude: new Set(),
      limit: 5,
    });
    expect(set.hits.map((hit) => hit.key)).toEqual(['tool:fs:readFile', 'rule:File operations']);
    expect(set.hits.map((hit) => hit.rank)).toEqual([1, 2]);
    for (const hit of set.hits) {
      expect(hit.score).toBeGreaterThan(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
    expect(set.hits[0]?.provenance).toEqual({
      query: 'read a file from disk',
      lexicalRank: 1,
      vectorRank: null,
      matched: ['read', 'file', 'disk'],
    });
  });

  test('never offers excluded items or items that are not agent items, and respects the limit', () => {
    const selector = createLexicalSelector();
    const excluded = selector.select({
      query: 'read a file',
      catalog,
      exclude: new Set(['tool:fs:readFile']),
      limit: 5,
    });
    expect(excluded.hits.map((hit) => hit.key)).toEqual(['rule:File operations']);
    expect(
      selector.select({ query: 'read a file', catalog, exclude: new Set(), limit: 1 }).hits,
    ).toHaveLength(1);
    expect(selector.select({ query: 'read a file', catalog, exclude: new Set(), limit: 0 }).hits).toEqual([]);
    expect(selector.select({ query: 'the and of', catalog, exclude: new Set(), limit: 5 }).hits).toEqual([]);
  });

  test('the same query gives the same set and id; another query another id', () => {
    const selector = createLexicalSelector();
    const a = selector.select({ query: 'read a file', catalog, exclude: new Set(), limit: 5 });
    expect(selector.select({ query: 'read a file', catalog, exclude: new Set(), limit: 5 })).toEqual(a);
    expect(selector.select({ query: 'talk to users', catalog, exclude: new Set(), limit: 5 }).id).not.toBe(
      a.id,
    );
  });

  test('agrees with BM25 computed from its definition: same order, same scores, ties in catalog order', () => {
    const doc = fc.record({
      name: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      description: fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' ')),
    });
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 30 }),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 10 }),
        (texts, queryWords, limit) => {
          const catalog = catalogOf(texts);
          const query = queryWords.join(' ');
          const expected = [...referenceScores(catalog.items, query)]
            .map(([key, score], order) => ({ key, score, order }))
            .sort((a, b) => b.score - a.score || a.order - b.order);
          const hits = createLexicalSelector().select({ query, catalog, exclude: new Set(), limit }).hits;
          expect(hits.length).toBe(Math.min(limit, expected.length));
          hits.forEach((hit, i) => {
            expect(hit.score).toBeCloseTo(expected[i]?.score ?? Number.NaN, 5);
          });
          // Exact ties keep catalog order in both; near ties may differ by float rounding, so compare only without them.
          const top = expected.slice(0, limit + 1);
          const nearTie = top.some(
            (entry, i) =>
              i > 0 &&
              Math.abs((top[i - 1]?.score ?? 0) - entry.score) < 1e-5 &&
              top[i - 1]?.score !== entry.score,
          );
          if (!nearTie)
            expect(hits.map((hit) => hit.key)).toEqual(expected.slice(0, limit).map((entry) => entry.key));
        },
      ),
      { numRuns: 200 },
    );
  });
});
