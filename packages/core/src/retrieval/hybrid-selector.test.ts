import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type CatalogInput, defineCatalog } from '../catalog/index.js';
import { MemoryStore } from '../store/index.js';
import {
  createHybridSelector,
  createLexicalSelector,
  FlatVectorIndex,
  type RetrievalSet,
  type SelectionRequest,
} from './index.js';
import { BrokenEmbedder, HashedBagEmbedder } from './retrieval.fixtures.js';

const input: CatalogInput = {
  rules: [
    {
      name: 'File operations',
      description: 'Reading and writing files on disk',
      content: 'Use atomic renames.',
      include: 'agent',
    },
    { name: 'Tone', description: 'How to talk to users', content: 'Be brief.', include: 'agent' },
    { name: 'Always on', content: 'file file file', include: 'always' },
    { name: 'Disabled files', description: 'file disk', content: 'x', include: 'agent', enabled: false },
  ],
  references: [
    {
      name: 'AuthService',
      description: 'How the AuthService checks session tokens',
      content: 'It validates the token, then loads the user.',
      include: 'agent',
    },
    {
      name: 'src/db/schema.sql',
      description: 'The database schema',
      content: 'CREATE TABLE users (id TEXT);',
      include: 'agent',
    },
  ],
  servers: [{ name: 'fs', include: 'agent' }],
  tools: [
    { server: 'fs', name: 'readFile', description: 'Read a file from disk', inputSchema: { type: 'object' } },
    {
      server: 'fs',
      name: 'convertCurrency',
      description: 'Convert an amount of money',
      inputSchema: { type: 'object' },
    },
  ],
};
const catalog = defineCatalog(input);
const request = (query: string, extra: Partial<SelectionRequest> = {}): SelectionRequest => ({
  query,
  catalog,
  exclude: new Set(),
  limit: 5,
  ...extra,
});
const keys = (set: RetrievalSet) => set.hits.map((hit) => hit.key);

describe('createHybridSelector, lexical path', () => {
  test('ranks enabled agent items only, with scores in [0, 1] and full provenance', async () => {
    const set = await createLexicalSelector().select(request('read a file from disk'));
    expect(keys(set)).toEqual(['tool:fs:readFile', 'rule:File operations']);
    expect(set.hits.map((hit) => hit.rank)).toEqual([1, 2]);
    expect(set.hits[0]?.provenance).toEqual({
      query: 'read a file from disk',
      lexicalRank: 1,
      vectorRank: null,
      matched: ['read', 'fil', 'disk'],
      trigger: { kind: 'message', relevance: 1, age: 0 },
      lexicalScore: set.hits[0]?.score,
      vectorScore: null,
      fusedScore: set.hits[0]?.score,
      learned: null,
    });
    expect(set.paths).toEqual({
      lexical: { status: 'ran' },
      vector: { status: 'skipped', reason: 'no-embedder' },
      learned: { status: 'skipped', reason: 'no-evidence' },
    });
    expect(set.timings?.targetMs).toBe(200);
    expect(set.timings?.totalMs).toBeGreaterThanOrEqual(0);
  });

  test('never offers excluded items, respects the limit, and finds nothing in stop words', async () => {
    const selector = createLexicalSelector();
    expect(
      keys(await selector.select(request('read a file', { exclude: new Set(['tool:fs:readFile']) }))),
    ).toEqual(['rule:File operations']);
    expect((await selector.select(request('read a file', { limit: 1 }))).hits).toHaveLength(1);
    expect((await selector.select(request('read a file', { limit: 0 }))).hits).toEqual([]);
    expect((await selector.select(request('the and of'))).hits).toEqual([]);
  });

  test('the same request gives the same set and id; another query another id', async () => {
    const a = await createLexicalSelector().select(request('read a file'));
    const b = await createLexicalSelector().select(request('read a file'));
    expect({ ...b, timings: null }).toEqual({ ...a, timings: null });
    expect((await createLexicalSelector().select(request('talk to users'))).id).not.toBe(a.id);
  });

  test('symbols and paths in the message become sub-queries that find items by name', async () => {
    const set = await createLexicalSelector().select(
      request('Why does AuthService fail after I changed src/db/schema.sql yesterday?'),
    );
    expect(keys(set)).toEqual(
      expect.arrayContaining(['reference:AuthService', 'reference:src/db/schema.sql']),
    );
    const kinds = set.subQueries?.map((sub) => sub.kind);
    expect(kinds).toEqual(expect.arrayContaining(['message', 'symbol_mention', 'file_path']));
  });

  test("a session's earlier triggers carry over to a follow-up, not to a new subject; host activity feeds the next selection", async () => {
    const selector = createLexicalSelector();
    const first = await selector.select(request('Working on the AuthService today', { sessionId: 's1' }));
    const said = first.hits.find((hit) => hit.key === 'reference:AuthService')?.score ?? 0;
    const next = await selector.select(request('Next, write some unit tests', { sessionId: 's1' }));
    expect(next.followUp).toBe(true);
    const carried = next.hits.find((hit) => hit.key === 'reference:AuthService');
    expect(carried?.provenance.trigger).toMatchObject({ age: 1, relation: 'follow-up' });
    // A follow-up is about what came before: nearly as relevant as when it was said, never more.
    expect(carried?.score).toBeGreaterThan(said * 0.8);
    expect(carried?.score).toBeLessThan(said);

    await selector.select(request('Working on the AuthService today', { sessionId: 's2' }));
    const moved = await selector.select(
      request('I would like to organise the unit tests of our whole frontend project better', {
        sessionId: 's2',
      }),
    );
    expect(moved.followUp).toBe(false);
    expect(keys(moved)).not.toContain('reference:AuthService');
    // Without the session id nothing carries over.
    expect(keys(await selector.select(request('Next, write some unit tests')))).not.toContain(
      'reference:AuthService',
    );

    selector.observeActivity({ type: 'file_edit', filePath: 'src/db/schema.sql' });
    const afterEdit = await selector.select(request('Next, write some unit tests', { sessionId: 's9' }));
    expect(afterEdit.hits[0]?.key).toBe('reference:src/db/schema.sql');
    expect(afterEdit.hits[0]?.provenance.trigger?.kind).toBe('file_edit');
  });

  test('scores stay in [0, 1], ranked best first, within the limit, never excluded items (property)', async () => {
    const words = [
      'file',
      'disk',
      'user',
      'token',
      'money',
      'schema',
      'read',
      'talk',
      'AuthService',
      'src/a.ts',
    ];
    const selector = createLexicalSelector();
    await selector.recordUse({ kind: 'pinned', query: 'money token', keys: ['tool:fs:convertCurrency'] });
    await selector.recordUse({ kind: 'removed', query: 'file disk', keys: ['tool:fs:readFile'] });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }),
        fc.subarray(catalog.items.map((item) => item.key)),
        fc.integer({ min: 0, max: 8 }),
        async (query, excluded, limit) => {
          const set = await selector.select(request(query.join(' '), { exclude: new Set(excluded), limit }));
          expect(set.hits.length).toBeLessThanOrEqual(limit);
          set.hits.forEach((hit, i) => {
            expect(hit.score).toBeGreaterThanOrEqual(0.05);
            expect(hit.score).toBeLessThanOrEqual(1);
            expect(hit.rank).toBe(i + 1);
            if (i > 0) expect(hit.score).toBeLessThanOrEqual(set.hits[i - 1]?.score as number);
            expect(excluded).not.toContain(hit.key);
            const item = catalog.get(hit.key);
            expect(item?.include === 'agent' && item.enabled).toBe(true);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('createHybridSelector, vector path', () => {
  test('embeds catalog items once per model through the store, then only queries', async () => {
    const store = new MemoryStore();
    const embedder = new HashedBagEmbedder(64);
    const selector = createHybridSelector({ embedder, store });
    const set = await selector.select(request('read a file'));
    expect(set.paths?.vector).toEqual({ status: 'ran' });
    expect(set.hits[0]?.provenance.vectorRank).not.toBeNull();
    expect(set.hits[0]?.provenance.vectorScore).toBeGreaterThan(0);
    const agentItems = catalog.agentItems().length;
    expect(embedder.texts).toBe(agentItems + 1);

    // A new selector (a reload) on the same store embeds no item again.
    const reloaded = new HashedBagEmbedder(64);
    await createHybridSelector({ embedder: reloaded, store }).select(request('convert money'));
    expect(reloaded.texts).toBe(1);
    // Vectors of another model are not shared.
    const other = new HashedBagEmbedder(32);
    await createHybridSelector({ embedder: other, store }).warm(catalog);
    expect(other.texts).toBe(agentItems);
  });

  test('the fused score combines both paths and stays in [0, 1]', async () => {
    const selector = createHybridSelector({ embedder: new HashedBagEmbedder(64), triggers: false });
    const set = await selector.select(request('convert an amount of money'));
    const top = set.hits[0];
    expect(top?.key).toBe('tool:fs:convertCurrency');
    const { lexicalScore, vectorScore, fusedScore } = top?.provenance ?? {};
    expect(fusedScore).toBeCloseTo(0.5 * (lexicalScore as number) + 0.5 * (vectorScore as number), 5);
    for (const hit of set.hits) expect(hit.score >= 0 && hit.score <= 1).toBe(true);
  });

  test('when the embedder fails, selection goes on lexically and says why; it is retried later', async () => {
    const embedder = new BrokenEmbedder();
    const selector = createHybridSelector({ embedder, retryEmbedderAfterMs: 60_000 });
    const set = await selector.select(request('read a file'));
    expect(keys(set)).toEqual(['tool:fs:readFile', 'rule:File operations']);
    expect(set.paths?.vector).toEqual({
      status: 'failed',
      code: 'embedder_unavailable',
      message: 'model files not found at /models/test',
    });
    await selector.select(request('read a file'));
    expect(embedder.calls).toBe(1);
    const eager = createHybridSelector({ embedder, retryEmbedderAfterMs: 0 });
    await eager.select(request('a'));
    await eager.select(request('b'));
    expect(embedder.calls).toBe(3);
  });
  test('an embedder whose query vectors do not fit the item vectors leaves selection lexical', async () => {
    const embedder = new HashedBagEmbedder(64);
    const selector = createHybridSelector({ embedder });
    await selector.warm(catalog);
    embedder.vector = () => new Float32Array(8);
    const set = await selector.select(request('read a file'));
    expect(keys(set)).toEqual(['tool:fs:readFile', 'rule:File operations']);
    expect(set.paths?.vector).toMatchObject({ status: 'failed', code: 'Error' });
  });
});

describe('createHybridSelector, options', () => {
  test('the vector index is pluggable: the factory gets the dimension and the catalog size', async () => {
    const made: [number, number][] = [];
    const selector = createHybridSelector({
      embedder: new HashedBagEmbedder(16),
      vectorIndex: (dimension, capacity) => {
        made.push([dimension, capacity]);
        return new FlatVectorIndex(dimension, capacity);
      },
    });
    expect(await selector.warm(catalog)).toEqual({ status: 'ran' });
    expect(made).toEqual([[16, catalog.agentItems().length]]);
  });

  test('minScore drops weak hits; field weights change what a name match is worth; rrf fusion ranks by rank', async () => {
    const all = await createLexicalSelector({ minScore: 0 }).select(request('disk'));
    const strict = await createLexicalSelector({ minScore: 0.9 }).select(request('disk'));
    expect(all.hits.length).toBeGreaterThan(0);
    expect(strict.hits).toEqual([]);
    const score = async (name: number) =>
      (await createLexicalSelector({ fieldWeights: { name } }).select(request('tone'))).hits[0]?.provenance
        .lexicalScore ?? 0;
    expect(await score(6)).toBeGreaterThan(await score(1));
    const rrf = await createHybridSelector({
      embedder: new HashedBagEmbedder(64),
      fusion: { kind: 'rrf', k: 60 },
      triggers: false,
    }).select(request('read a file from disk'));
    const top = rrf.hits[0];
    expect(top?.provenance.lexicalRank).toBe(1);
    expect(top?.provenance.vectorRank).toBe(1);
    expect(top?.score).toBe(1);
  });
});

describe('createHybridSelector, learning from use', () => {
  test('evidence lifts an item for similar later queries, explains the boost, and persists', async () => {
    const store = new MemoryStore();
    const selector = createLexicalSelector({ store });
    const before = await selector.select(request('what is the price of a euro in yen'));
    expect(keys(before)).not.toContain('tool:fs:convertCurrency');
    await selector.recordUse({
      kind: 'pinned',
      query: 'price of a euro in dollars',
      keys: ['tool:fs:convertCurrency'],
    });
    await selector.flush();
    const after = await selector.select(request('what is the price of a euro in yen'));
    expect(after.hits[0]?.key).toBe('tool:fs:convertCurrency');
    expect(after.hits[0]?.provenance.learned?.boost).toBeGreaterThan(0);
    expect(after.hits[0]?.provenance.learned?.evidence.map((entry) => entry.term)).toEqual(['euro', 'pric']);
    expect(after.paths?.learned).toEqual({ status: 'ran' });

    const reloaded = createLexicalSelector({ store });
    expect((await reloaded.select(request('euro price'))).hits[0]?.key).toBe('tool:fs:convertCurrency');
  });

  test('removal pushes an item down; learning can be turned off', async () => {
    const selector = createLexicalSelector();
    const first = await selector.select(request('read a file from disk'));
    await selector.recordUse({ kind: 'removed', query: 'read a file from disk', keys: ['tool:fs:readFile'] });
    await selector.recordUse({ kind: 'removed', query: 'read a file from disk', keys: ['tool:fs:readFile'] });
    const second = await selector.select(request('read a file from disk'));
    const score = (set: RetrievalSet) => set.hits.find((hit) => hit.key === 'tool:fs:readFile')?.score ?? 0;
    expect(score(second)).toBeLessThan(score(first));
    expect(second.hits[0]?.provenance.learned).toBeNull();

    const off = createLexicalSelector({ learning: false });
    await off.recordUse({ kind: 'pinned', query: 'euro', keys: ['tool:fs:convertCurrency'] });
    expect((await off.select(request('euro'))).hits).toEqual([]);
    expect((await off.select(request('euro'))).paths?.learned).toEqual({
      status: 'skipped',
      reason: 'disabled',
    });
  });
});
