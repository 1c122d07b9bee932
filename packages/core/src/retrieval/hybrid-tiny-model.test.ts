// Retrieval on the real embedding path: transformers.js on the generated tiny model (in-process in Node, in a Web
// Worker in Chromium). Its topic words make meaning measurable: "storm" and "forecast" share the weather topic
// without sharing a letter.
import { afterEach, describe, expect, test } from 'vitest';
import { type CatalogInput, defineCatalog } from '../catalog/index.js';
import { tinyEmbedder } from '../embeddings/tiny-model.fixtures.js';
import type { TransformersEmbedder } from '../embeddings/transformers.js';
import { createEngine } from '../engine/index.js';
import { MemoryStore } from '../store/index.js';
import { createApproximateCounter } from '../tokens/index.js';
import { createHybridSelector, createLexicalSelector } from './index.js';

const input: CatalogInput = {
  servers: [
    { name: 'weather', include: 'agent' },
    { name: 'payments', include: 'agent' },
    { name: 'files', include: 'agent' },
  ],
  tools: [
    {
      server: 'weather',
      name: 'get_forecast',
      description: 'The forecast: temperature and rain for a city',
      inputSchema: { type: 'object' },
    },
    {
      server: 'payments',
      name: 'refund',
      description: 'Refund a card payment',
      inputSchema: { type: 'object' },
    },
    {
      server: 'files',
      name: 'save_document',
      description: 'Save a document to disk',
      inputSchema: { type: 'object' },
    },
  ],
};
const catalog = defineCatalog(input);
const request = (query: string) => ({ query, catalog, exclude: new Set<string>(), limit: 3 });

let embedder: TransformersEmbedder | undefined;
afterEach(async () => {
  await embedder?.dispose();
  embedder = undefined;
});

describe('hybrid retrieval on the tiny model', () => {
  test('finds by meaning what no word of the message names, where the lexical path finds nothing', async () => {
    embedder = tinyEmbedder();
    const lexical = await createLexicalSelector().select(request('will a storm come'));
    expect(lexical.hits).toEqual([]);

    const set = await createHybridSelector({ embedder, triggers: false }).select(
      request('will a storm come'),
    );
    expect(set.paths?.vector).toEqual({ status: 'ran' });
    const top = set.hits[0];
    expect(top?.key).toBe('tool:weather:get_forecast');
    expect(top?.provenance.lexicalRank).toBeNull();
    expect(top?.provenance.vectorRank).toBe(1);
    expect(top?.score).toBeGreaterThan(0);
    expect(top?.score).toBeLessThanOrEqual(1);
  });

  test('through an engine: the plan and the request context carry the item with its similarity', async () => {
    embedder = tinyEmbedder();
    const store = new MemoryStore();
    const engine = await createEngine({
      catalog,
      model: 'test-model',
      contextWindow: 4_000,
      tokenizer: createApproximateCounter(),
      store,
      selector: createHybridSelector({ embedder, store, triggers: false }),
    });
    const session = await engine.createSession();
    const turn = await session.prepare('I need my money back');
    const included = turn.plan.included.find((entry) => entry.reason.code === 'agent');
    expect(included?.candidate.id).toBe('tool:payments:refund');
    const item = turn.requestContext.items.find((entry) => entry.includeMode === 'agent');
    expect(item).toMatchObject({ type: 'tool', serverName: 'payments', name: 'refund' });
    expect(item?.similarityScore).toBeGreaterThan(0);

    // The items were embedded once, through the store, under this model's id: a new selector on the same store (a
    // reload) embeds only the query.
    const real = embedder;
    let embedded = 0;
    const counting = {
      modelId: real.modelId,
      embed(texts: readonly string[]) {
        embedded += texts.length;
        return real.embed(texts);
      },
    };
    await createHybridSelector({ embedder: counting, store, triggers: false }).select(request('rain'));
    expect(embedded).toBe(1);
  });
});
