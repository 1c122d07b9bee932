// Recall weighed by meaning: on the real embedding path (transformers.js on the generated tiny model, whose topic
// words make meaning measurable), and with a host's own embedder where calls and failures are counted.
import { afterEach, describe, expect, test } from 'vitest';
import type { Embedder } from '../embeddings/index.js';
import { tinyEmbedder } from '../embeddings/tiny-model.fixtures.js';
import type { TransformersEmbedder } from '../embeddings/transformers.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import { hashString } from '../hash/index.js';
import type { ContextPlan, RecallCandidate } from '../planner/index.js';
import { MemoryStore } from '../store/index.js';

let tiny: TransformersEmbedder | undefined;
afterEach(async () => {
  await tiny?.dispose();
  tiny = undefined;
});

const recalled = (plan: ContextPlan) =>
  plan.included.flatMap(({ candidate }) =>
    candidate.kind === 'recall' ? [candidate as RecallCandidate] : [],
  );

/** Two conversations sharing one rare word: one about the weather, a shorter one (lexically closer) about payments. */
async function engineWithTwoZeppelins(store: MemoryStore, embedder?: Embedder) {
  const engine = await testEngine({ store, ...(embedder && { recall: { embedder } }) });
  const weather = await engine.createSession();
  await weather.commit(await weather.prepare('the zeppelin waits for sunny weather and calm rain'), 'Noted.');
  const payments = await engine.createSession();
  await payments.commit(await payments.prepare('zeppelin card payment'), 'Noted.');
  return { engine, weather, payments };
}

const QUESTION = 'will the zeppelin fly in this wind';

describe('recall with an embedder', () => {
  test('on the tiny model, the passage close in meaning comes first, where words alone put the other first', async () => {
    const lexical = await engineWithTwoZeppelins(new MemoryStore());
    const byWords = recalled((await (await lexical.engine.createSession()).prepare(QUESTION)).plan);
    expect(byWords.map((candidate) => candidate.sessionId)).toEqual([
      lexical.payments.id,
      lexical.weather.id,
    ]);
    expect(byWords.every((candidate) => candidate.weights?.similarity === undefined)).toBe(true);

    tiny = tinyEmbedder();
    const store = new MemoryStore();
    const { engine, weather, payments } = await engineWithTwoZeppelins(store, tiny);
    const byMeaning = recalled((await (await engine.createSession()).prepare(QUESTION)).plan);
    expect(byMeaning.map((candidate) => candidate.sessionId)).toEqual([weather.id, payments.id]);
    const [near, far] = byMeaning as [RecallCandidate, RecallCandidate];
    expect(near.weights?.similarity).toBeGreaterThan((far.weights?.similarity ?? 1) + 0.3);
    for (const candidate of byMeaning) {
      const { relevance = 0, recency = 0, importance = 0, similarity = 0 } = candidate.weights ?? {};
      expect(candidate.score).toBeCloseTo(relevance * recency * importance * (0.5 + 0.5 * similarity), 12);
    }
    // The messages' vectors are in the store's embedding cache, under the model's id, as the index quotes them.
    const cached = await store.getEmbeddings(tiny.modelId, [
      hashString('user: zeppelin card payment'),
      hashString('user: the zeppelin waits for sunny weather and calm rain'),
    ]);
    expect(cached.size).toBe(2);
  });

  test('a message is embedded once: the next request embeds only its own question', async () => {
    const calls: string[][] = [];
    const host: Embedder = {
      modelId: 'host-words',
      embed: async (texts) => {
        calls.push([...texts]);
        return texts.map((text) => {
          const weather = text.includes('wind') || text.includes('sunny');
          return new Float32Array(weather ? [1, 0] : [0, 1]);
        });
      },
    };
    const { engine, weather } = await engineWithTwoZeppelins(new MemoryStore(), host);
    const asking = await engine.createSession();
    const first = await asking.prepare(QUESTION);
    expect(recalled(first.plan)[0]?.sessionId).toBe(weather.id);
    asking.rollback(first);
    const before = calls.length;
    await asking.prepare('is the zeppelin ready for wind');
    expect(calls.slice(before)).toEqual([['is the zeppelin ready for wind']]);
    const embedded = calls.flat();
    expect(new Set(embedded).size).toBe(embedded.length);
  });

  test('when the embedder fails, passages are still recalled by their words, and the failure is reported', async () => {
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      let calls = 0;
      const broken: Embedder = {
        modelId: 'broken',
        embed: async () => {
          calls++;
          throw new Error('model file missing');
        },
      };
      const { engine, payments } = await engineWithTwoZeppelins(new MemoryStore(), broken);
      const asking = await engine.createSession();
      const first = await asking.prepare(QUESTION);
      expect(recalled(first.plan)[0]?.sessionId).toBe(payments.id);
      expect(recalled(first.plan)[0]?.weights?.similarity).toBeUndefined();
      expect(reported).toEqual([expect.objectContaining({ message: 'model file missing' })]);
      asking.rollback(first);
      // Not tried again at once: the next request does not wait on a failing model.
      await asking.prepare(QUESTION);
      expect(calls).toBe(1);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });

  test('an embedder that is not one is refused by name when the engine is made', async () => {
    const made = testEngine({ recall: { embedder: { modelId: 'x' } as unknown as Embedder } });
    await expect(made).rejects.toBeInstanceOf(ValidationError);
    await expect(made).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: 'recall.embedder' })],
    });
  });
});
