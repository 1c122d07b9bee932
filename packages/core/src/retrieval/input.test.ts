import { afterEach, describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import { demoCatalog } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import {
  activityTriggers,
  Bm25Index,
  createHybridSelector,
  createLexicalSelector,
  extractTriggers,
  followsUp,
  renderAutoContext,
  TriggerMemory,
  topK,
} from './index.js';

/** The paths a ValidationError names, or the error itself when it is something else. */
async function pathsOf(run: () => unknown): Promise<string[]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  throw new Error('expected a ValidationError, nothing was thrown');
}

const catalog = defineCatalog(demoCatalog);
const request = { query: 'read the file', catalog, exclude: new Set<string>(), limit: 5 };
const LEARNED = 'ctxkit.retrieval.learned';

describe('retrieval and learning check what they are handed', () => {
  const stores: MemoryStore[] = [];
  afterEach(() => {
    stores.length = 0;
  });
  const selector = () => {
    const store = new MemoryStore();
    stores.push(store);
    return { store, selector: createLexicalSelector({ store, learning: { writeDelayMs: 0 } }) };
  };

  test('recordUse refuses an unknown kind, keys that are not strings and a missing query, and learns nothing', async () => {
    const { store, selector: lexical } = selector();
    expect(
      await pathsOf(() => lexical.recordUse({ kind: 'included', query: 'q', keys: ['a'] } as never)),
    ).toEqual(['event.kind']);
    expect(
      await pathsOf(() => lexical.recordUse({ kind: 'called', query: 'q', keys: ['a', 7] } as never)),
    ).toEqual(['event.keys[1]']);
    expect(await pathsOf(() => lexical.recordUse({ kind: 'called', keys: ['a'] } as never))).toEqual([
      'event.query',
    ]);
    expect(
      await pathsOf(() => lexical.recordUse({ kind: 'called', query: 'q', keys: 'a' } as never)),
    ).toEqual(['event.keys']);
    expect(
      await pathsOf(() => lexical.recordUse({ kind: 'called', query: 'q', keys: [], weight: 3 } as never)),
    ).toEqual(['event.weight']);
    expect(
      await pathsOf(() => lexical.recordUse({ kind: 'called', query: 'q', keys: [], weight: -0.5 })),
    ).toEqual(['event.weight']);
    expect(await pathsOf(() => lexical.recordUse(null as never))).toEqual(['event']);
    await lexical.flush();
    expect(await store.getDocument(LEARNED)).toBeUndefined();
    expect(await lexical.exportLearning()).toMatchObject({ pairs: [], tallies: [] });
    // What is well formed is still learned.
    await lexical.recordUse({ kind: 'called', query: 'read the file', keys: ['tool:filesystem__read_file'] });
    await lexical.flush();
    expect((await store.getDocument(LEARNED)) as { pairs: unknown[] }).toMatchObject({
      pairs: expect.arrayContaining([expect.arrayContaining(['tool:filesystem__read_file'])]),
    });
  });

  test('select names every malformed field of its request', async () => {
    const { selector: lexical } = selector();
    expect(
      await pathsOf(() =>
        lexical.select({
          query: 42,
          catalog: {},
          exclude: ['a'],
          limit: -1,
          sessionId: '',
          peek: 'yes',
          mode: 'loud',
        } as never),
      ),
    ).toEqual([
      'request.query',
      'request.catalog',
      'request.exclude',
      'request.limit',
      'request.sessionId',
      'request.peek',
      'request.mode',
    ]);
    expect(await pathsOf(() => lexical.select(undefined as never))).toEqual(['request']);
    expect((await lexical.select(request)).hits.length).toBeGreaterThan(0);
  });

  test('observeActivity, warm and embedQuery check theirs', async () => {
    const { selector: lexical } = selector();
    expect(await pathsOf(() => lexical.observeActivity({ type: 'file_save', filePath: 3 } as never))).toEqual(
      ['event.type', 'event.filePath'],
    );
    expect(
      await pathsOf(() => lexical.observeActivity({ type: 'file_edit', symbols: ['a', null] } as never)),
    ).toEqual(['event.symbols[1]']);
    lexical.observeActivity({ type: 'file_open', filePath: 'src/a.ts' });
    expect(await pathsOf(() => lexical.warm({} as never))).toEqual(['catalog']);
    // Optional on AgentSelector; the hybrid selector has it.
    const embedQuery = lexical.embedQuery as (query: string) => Promise<Float32Array | null>;
    expect(await pathsOf(() => embedQuery(undefined as never))).toEqual(['query']);
    expect(await embedQuery('no embedder')).toBeNull();
  });

  test('the selector options are checked, learning’s among them, with a hint for a misspelt one', async () => {
    const error = await (async () => {
      try {
        createHybridSelector({
          minScroe: 0.1,
          learningWeight: 2,
          candidates: 0,
          store: {},
          triggers: { decay: -1 },
          learning: { maxPairs: 0, writeDelayMs: 'soon', documentKey: ' ' },
        } as never);
      } catch (caught) {
        return caught as ValidationError;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error?.issues.map((issue) => issue.path)).toEqual([
      'minScroe',
      'store',
      'learningWeight',
      'candidates',
      'triggers.decay',
      'learning.maxPairs',
      'learning.documentKey',
      'learning.writeDelayMs',
    ]);
    expect(error?.issues[0]?.message).toContain("did you mean 'minScore'");
    expect(await pathsOf(() => createLexicalSelector(null as never))).toEqual(['options']);
    expect(await pathsOf(() => createLexicalSelector({ learning: 'on' } as never))).toEqual(['learning']);
    expect(createLexicalSelector({ learning: false, triggers: false }).name).toBe('lexical-bm25');
  });

  test('triggers, continuity, BM25, topK and the auto-context block check theirs', async () => {
    expect(await pathsOf(() => extractTriggers(42 as never))).toEqual(['message']);
    expect(await pathsOf(() => followsUp(undefined as never))).toEqual(['message']);
    expect(await pathsOf(() => activityTriggers({ type: 'file_save' } as never))).toEqual(['event.type']);
    expect(await pathsOf(() => new TriggerMemory({ decay: 2, maxCarried: 1.5 } as never))).toEqual([
      'options.decay',
      'options.maxCarried',
    ]);
    expect(
      await pathsOf(() => new TriggerMemory().observe({ type: 'file_open', filePath: 1 } as never)),
    ).toEqual(['event.filePath']);
    expect(
      await pathsOf(
        () => new Bm25Index([[{ text: 1, weight: 'x' }], 'doc'] as never, { b: 2, k: 1 } as never),
      ),
    ).toEqual(['documents[0][0].text', 'documents[0][0].weight', 'documents[1]', 'options.k', 'options.b']);
    expect(await pathsOf(() => topK(null as never, 1.5))).toEqual(['scores', 'k']);
    expect(await pathsOf(() => renderAutoContext({} as never, {} as never, { notte: 'x' } as never))).toEqual(
      ['set', 'catalog', 'options.notte'],
    );
    // Well-formed input still works.
    expect(extractTriggers('open src/a.ts').length).toBeGreaterThan(0);
    expect(new Bm25Index([[{ text: 'read a file', weight: 1 }]]).size).toBe(1);
    expect(topK([0.1, 0.9, 0.5], 2)).toEqual([1, 2]);
    expect(renderAutoContext(null, catalog)).toBe('');
  });
});
