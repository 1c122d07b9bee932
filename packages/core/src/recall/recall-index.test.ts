import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RecallIndex, type RecallPassage } from './recall-index.js';

function passage(sessionId: string, position: number, text: string): RecallPassage {
  return {
    messageId: `${sessionId}:${position}`,
    sessionId,
    position,
    text,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function indexOf(passages: readonly RecallPassage[]): RecallIndex {
  const index = new RecallIndex();
  for (const entry of passages) index.add(entry);
  return index;
}

const CHAT = [
  passage('a', 0, 'I went to the LGBTQ support group yesterday and it was powerful.'),
  passage('a', 1, 'That sounds great! What did you talk about?'),
  passage('a', 2, 'We talked about transgender stories and how to support each other.'),
  passage('b', 0, 'I painted a sunrise over the lake last weekend.'),
  passage('b', 1, 'Painting sunrises is lovely. Was the lake calm?'),
];

describe('RecallIndex', () => {
  test('finds the message that shares the question’s rare words first, stemmed', () => {
    const hits = indexOf(CHAT).search({ query: 'When did she go to the support groups?', limit: 3 });
    expect(hits[0]?.passage.messageId).toBe('a:0');
    expect(hits.map((hit) => hit.passage.messageId)).toContain('a:2');
    expect(indexOf(CHAT).search({ query: 'painting a sunrise', limit: 1 })[0]?.passage.sessionId).toBe('b');
  });

  test('relevance ranks as the score does, stays within 0–1, and is higher for a message holding all the words', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('lake', 'sunrise', 'group', 'support', 'the', 'cat'), {
          minLength: 1,
          maxLength: 6,
        }),
        (words) => {
          const hits = indexOf(CHAT).search({ query: words.join(' '), limit: 10 });
          for (const [i, hit] of hits.entries()) {
            expect(hit.relevance).toBeGreaterThan(0);
            expect(hit.relevance).toBeLessThanOrEqual(1);
            if (i > 0)
              expect(hit.relevance).toBeLessThanOrEqual((hits[i - 1] as { relevance: number }).relevance);
          }
        },
      ),
    );
    const [whole] = indexOf(CHAT).search({ query: 'support group', limit: 1 });
    const [part] = indexOf(CHAT).search({ query: 'support group talked transgender stories', limit: 1 });
    // The longer query's best message holds only some of its words: a smaller share of what it could score.
    expect(whole?.relevance).toBeGreaterThan(0.3);
    expect(part?.relevance).toBeLessThan(whole?.relevance ?? 0);
  });

  test('words the request already carries weigh less: a message matching the rest of the query comes first, and scores a smaller share', () => {
    const lake = [
      passage('c', 0, 'The lake was calm and quiet.'),
      passage('c', 1, 'A heron stood by the water.'),
      passage('c', 2, 'We ate sandwiches on the bench.'),
    ];
    const query = 'Was it calm and quiet when the heron came?';
    const plain = indexOf(lake).search({ query, limit: 2 });
    expect(plain.map((hit) => hit.passage.messageId)).toEqual(['c:0', 'c:1']);
    // The conversation is on a calm, quiet morning already: the message that adds the heron comes first.
    const carried = indexOf(lake).search({ query, limit: 2, carried: 'Such a calm, quiet morning.' });
    expect(carried.map((hit) => hit.passage.messageId)).toEqual(['c:1', 'c:0']);
    expect(carried[1]?.relevance).toBeLessThan(plain[0]?.relevance ?? 0);
    // A message matching carried words only still counts, for a little.
    const [only] = indexOf(CHAT).search({ query: 'calm lake', limit: 1, carried: 'calm lake' });
    const [full] = indexOf(CHAT).search({ query: 'calm lake', limit: 1 });
    expect(only?.passage.messageId).toBe(full?.passage.messageId);
    expect(only?.relevance).toBeCloseTo((full?.relevance ?? 0) * 0.3, 10);
  });

  test('a carried weight outside (0, 1] is refused when the index is made', () => {
    for (const carriedWeight of [0, -0.5, 1.5, Number.NaN])
      expect(() => new RecallIndex({ carriedWeight })).toThrow(/carriedWeight must be above 0 and at most 1/);
    expect(() => new RecallIndex({ carriedWeight: 1 })).not.toThrow();
  });

  test('a removed message, and every message of a removed session, is never found again', () => {
    const index = indexOf(CHAT);
    index.remove('a:0');
    expect(
      index.search({ query: 'LGBTQ support group', limit: 5 }).map((hit) => hit.passage.messageId),
    ).toEqual(['a:2']);
    index.removeSession('b');
    expect(index.search({ query: 'sunrise lake', limit: 5 })).toEqual([]);
    expect(index.size).toBe(2);
    expect(index.at('b', 0)).toBeUndefined();
    expect(index.at('a', 1)?.text).toContain('What did you talk about');
  });

  test('adding a message again replaces it, and excluded messages are left out', () => {
    const index = indexOf(CHAT);
    index.add(passage('a', 0, 'Nothing about groups here.'));
    expect(index.size).toBe(CHAT.length);
    const hits = index.search({ query: 'LGBTQ', limit: 5, excludeMessages: new Set(['a:0']) });
    expect(hits).toEqual([]);
  });

  test('the same messages, added in any order, give the same hits in the same order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(CHAT, { minLength: CHAT.length }), (order) => {
        const hits = indexOf(order).search({ query: 'support the lake stories', limit: 5 });
        const reference = indexOf(CHAT).search({ query: 'support the lake stories', limit: 5 });
        expect(hits.map((hit) => [hit.passage.messageId, hit.score])).toEqual(
          reference.map((hit) => [hit.passage.messageId, hit.score]),
        );
      }),
    );
  });

  test('a search stopped early on common words finds exactly the best hits a full BM25 scoring finds', () => {
    const words = [
      'the',
      'a',
      'lake',
      'cat',
      'support',
      'group',
      'storm',
      'paint',
      'deploy',
      'key',
      'noon',
      'and',
    ];
    const messageArb = fc
      .array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 })
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc.array(messageArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 8 }),
        (texts, queryWords, limit) => {
          const passages = texts.map((text, i) => passage(`s${i % 3}`, i, text));
          const query = queryWords.join(' ');
          const index = new RecallIndex({ tokenize: (text) => text.split(' ') });
          for (const entry of passages) index.add(entry);
          const hits = index.search({ query, limit });
          // The reference: every message scored with every query term, sorted, cut at the limit.
          const tokens = (text: string) => text.split(' ');
          const average = passages.reduce((sum, p) => sum + tokens(p.text).length, 0) / passages.length;
          const reference = passages
            .map((p) => {
              let score = 0;
              for (const term of new Set(queryWords)) {
                const df = passages.filter((other) => tokens(other.text).includes(term)).length;
                const tf = tokens(p.text).filter((word) => word === term).length;
                if (df === 0 || tf === 0) continue;
                const idf = Math.log(1 + (passages.length - df + 0.5) / (df + 0.5));
                score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * tokens(p.text).length) / average));
              }
              return { id: p.messageId, score };
            })
            .filter((hit) => hit.score > 0)
            .sort((a, b) => b.score - a.score);
          expect(hits.length).toBe(Math.min(limit, reference.length));
          for (const [i, hit] of hits.entries()) expect(hit.score).toBeCloseTo(reference[i]?.score ?? -1, 9);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('after any adds and removals, searches find what an index of the messages left finds', () => {
    const words = ['lake', 'cat', 'support', 'group', 'storm', 'deploy', 'key', 'noon'];
    const op = fc.record({
      remove: fc.boolean(),
      at: fc.nat({ max: 11 }),
      text: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.constantFrom(...words), (ops, query) => {
        const index = new RecallIndex();
        const left = new Map<number, RecallPassage>();
        for (const { remove, at, text } of ops) {
          if (remove) {
            index.remove(`s:${at}`);
            left.delete(at);
          } else {
            const entry = passage('s', at, text);
            index.add(entry);
            left.set(at, entry);
          }
        }
        const fresh = new RecallIndex();
        for (const entry of [...left.values()].sort((a, b) => a.position - b.position)) fresh.add(entry);
        const found = (of: RecallIndex) =>
          of.search({ query, limit: 12 }).map((hit) => [hit.passage.messageId, hit.score.toFixed(9)]);
        const expected = found(fresh);
        expect(found(index)).toEqual(expected);
        // A second search on the same index starts from nothing the first one left behind.
        expect(found(index)).toEqual(expected);
        expect(index.size).toBe(left.size);
      }),
      { numRuns: 300 },
    );
  });

  test('an index whose messages were all removed scores a new one as a fresh index does', () => {
    const index = indexOf(CHAT);
    for (const entry of CHAT) index.remove(entry.messageId);
    const only = passage('c', 0, 'The deploy failed on the cache step.');
    index.add(only);
    expect(index.search({ query: 'cache deploy', limit: 1 })).toEqual(
      indexOf([only]).search({ query: 'cache deploy', limit: 1 }),
    );
  });

  test('words of unspaced scripts are found', () => {
    const index = indexOf([passage('z', 0, '我们明天去北京开会'), passage('z', 1, '今天天气很好')]);
    expect(index.search({ query: '北京', limit: 1 })[0]?.passage.position).toBe(0);
  });
});

describe('RecallIndex against an exhaustive BM25 scoring', () => {
  const WORDS = ['the', 'lake', 'cat', 'support', 'group', 'storm', 'paint', 'deploy', 'key', 'noon'];
  const tokens = (text: string) => text.split(' ');
  const messageArb = fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 })
    .map((w) => w.join(' '));

  /**
   * Every live message scored with every query term, each term's share added rarest first (idf, then the term), as
   * the index adds them, so scores compare exactly; sorted by score, then session and position; cut at the limit.
   */
  function exhaustive(
    live: readonly RecallPassage[],
    query: string,
    limit: number,
    exclude: ReadonlySet<string>,
    { k1, b }: { k1: number; b: number } = { k1: 1.2, b: 0.75 },
    carried: { text: string; weight: number } = { text: '', weight: 1 },
  ): [string, number][] {
    const average = live.reduce((sum, p) => sum + tokens(p.text).length, 0) / live.length || 1;
    const carriedTerms = new Set(tokens(carried.text));
    const terms = [...new Set(tokens(query))]
      .map((term) => ({ term, df: live.filter((p) => tokens(p.text).includes(term)).length }))
      .filter(({ df }) => df > 0)
      .map(({ term, df }) => ({
        term,
        idf:
          Math.log(1 + (live.length - df + 0.5) / (df + 0.5)) * (carriedTerms.has(term) ? carried.weight : 1),
      }))
      .sort((a, b) => b.idf - a.idf || (a.term < b.term ? -1 : 1));
    return live
      .filter((p) => !exclude.has(p.messageId))
      .map((p) => {
        let score = 0;
        for (const { term, idf } of terms) {
          const tf = tokens(p.text).filter((word) => word === term).length;
          if (tf === 0) continue;
          const norm = k1 * (1 - b + (b * tokens(p.text).length) / average);
          score += (idf * tf * (k1 + 1)) / (tf + norm);
        }
        return { p, score };
      })
      .filter(({ score }) => score > 0)
      .sort(
        (a, b) =>
          b.score - a.score ||
          (a.p.sessionId !== b.p.sessionId
            ? a.p.sessionId < b.p.sessionId
              ? -1
              : 1
            : a.p.position - b.p.position),
      )
      .slice(0, limit)
      .map(({ p, score }) => [p.messageId, score]);
  }

  test('after many adds, replacements and removals (lists swept, messages renumbered), a search stopped early finds exactly the hits and scores of a full scoring, ties by session and position', () => {
    const op = fc.record({
      remove: fc.boolean(),
      session: fc.constantFrom('a', 'b', 'c'),
      at: fc.nat({ max: 29 }),
      text: messageArb,
    });
    fc.assert(
      fc.property(
        // Long enough (size 'max') that lists are swept and messages renumbered, often several times.
        fc.array(op, { minLength: 1, maxLength: 300, size: 'max' }),
        fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.nat({ max: 29 }), { maxLength: 3 }),
        fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }),
        (ops, queries, limit, excluded, carriedWords) => {
          const carried = { text: carriedWords.join(' '), weight: 0.3 };
          const index = new RecallIndex({ tokenize: tokens, carriedWeight: carried.weight });
          const live = new Map<string, RecallPassage>();
          for (const { remove, session, at, text } of ops) {
            const entry = passage(session, at, text);
            if (remove) {
              index.remove(entry.messageId);
              live.delete(entry.messageId);
            } else {
              index.add(entry);
              live.set(entry.messageId, entry);
            }
          }
          const exclude = new Set(excluded.map((at) => `a:${at}`));
          for (const words of queries) {
            const query = words.join(' ');
            const hits = index.search({ query, limit, excludeMessages: exclude, carried: carried.text });
            expect(hits.map((hit) => [hit.passage.messageId, hit.score])).toEqual(
              exhaustive([...live.values()], query, limit, exclude, undefined, carried),
            );
          }
          expect(index.size).toBe(live.size);
          for (const entry of live.values()) expect(index.at(entry.sessionId, entry.position)).toBe(entry);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a search stopped as soon as the words left cannot lift a new message into the best hits loses none of them', () => {
    // Common words and rare ones, long queries and short limits: the searches that stop earliest. With little
    // saturation and length normalisation, a message's share of a term comes close to the most it could be, so a
    // search that stopped a little too early would miss a message.
    const word = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('the', 'lake', 'cat') },
      { weight: 3, arbitrary: fc.constantFrom('support', 'group', 'storm') },
      { weight: 1, arbitrary: fc.constantFrom(...WORDS) },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(word, { minLength: 1, maxLength: 12 }).map((w) => w.join(' ')),
          { minLength: 1, maxLength: 120, size: 'max' },
        ),
        fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 2, maxLength: WORDS.length }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom({ k1: 1.2, b: 0.75 }, { k1: 0.05, b: 0 }, { k1: 0.01, b: 0.3 }, { k1: 0.3, b: 1 }),
        (texts, words, limit, bm25) => {
          const index = new RecallIndex({ tokenize: tokens, ...bm25 });
          const live = texts.map((text, i) => passage(`s${i % 4}`, i, text));
          for (const entry of live) index.add(entry);
          const query = words.join(' ');
          expect(index.search({ query, limit }).map((hit) => [hit.passage.messageId, hit.score])).toEqual(
            exhaustive(live, query, limit, new Set(), bm25),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  test('many copies of the same few messages (ties everywhere) keep the best by session and position', () => {
    fc.assert(
      fc.property(
        fc.array(messageArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 20, max: 120 }),
        fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 30 }),
        (texts, copies, words, limit) => {
          const index = new RecallIndex({ tokenize: tokens });
          const live: RecallPassage[] = [];
          for (let i = 0; i < copies; i++) {
            const entry = passage(`s${(i * 7) % 5}`, i, texts[i % texts.length] as string);
            index.add(entry);
            live.push(entry);
          }
          const query = words.join(' ');
          expect(index.search({ query, limit }).map((hit) => [hit.passage.messageId, hit.score])).toEqual(
            exhaustive(live, query, limit, new Set()),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
