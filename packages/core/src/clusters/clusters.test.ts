import { afterEach, describe, expect, test } from 'vitest';
import { tinyEmbedder } from '../embeddings/tiny-model.fixtures.js';
import type { TransformersEmbedder } from '../embeddings/transformers.js';
import { testEngine } from '../engine/engine.fixtures.js';
import { ValidationError } from '../errors/index.js';
import { type AgentSelector, createHybridSelector, createLexicalSelector } from '../retrieval/index.js';
import { MemoryStore } from '../store/index.js';

/** A lexical selector whose queries embed to hand-made vectors: each query names its direction. */
function selectorWithVectors(vectors: Record<string, readonly number[]>): AgentSelector {
  const lexical = createLexicalSelector();
  return {
    name: 'hand-made',
    select: (request) => lexical.select(request),
    embedQuery: async (query) => {
      const vector = vectors[query];
      return vector ? Float32Array.from(vector) : null;
    },
  };
}

const VECTORS = {
  'read a file': [1, 0, 0],
  'write the file to disk': [0.9, 0.1, 0],
  'what is in the database': [0, 1, 0],
};

describe('query clusters', () => {
  test('close queries share a cluster, a distant one starts another; the id is in the plan and replays', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store, selector: selectorWithVectors(VECTORS) });
    const session = await engine.createSession();
    expect(session.queryCluster).toBeNull();
    const first = await session.prepare('read a file');
    expect(first.plan.queryCluster).toBe(session.queryCluster);
    await session.commit(first, 'ok');
    const second = await session.prepare('write the file to disk');
    expect(second.plan.queryCluster).toBe(first.plan.queryCluster);
    await session.commit(second, 'ok');
    const third = await session.prepare('what is in the database');
    expect(third.plan.queryCluster).toBeDefined();
    expect(third.plan.queryCluster).not.toBe(first.plan.queryCluster);
    await session.commit(third, 'ok');
    expect(session.record.queryCluster).toMatchObject({ id: third.plan.queryCluster, size: 1 });
    // The cluster is part of what the plan is computed from: a replay gives the same plan and id.
    expect((await store.getPlan(second.plan.id))?.input.queryCluster).toBe(second.plan.queryCluster);
    expect(JSON.stringify(await engine.replay(second.plan.id))).toBe(JSON.stringify(second.plan));
    // A reload restores the current cluster (with its centroid), so the next query is compared with it.
    const reloaded = await (await testEngine({ store, selector: selectorWithVectors(VECTORS) })).openSession(
      session.id,
    );
    expect(reloaded.record.queryCluster).toEqual(session.record.queryCluster);
    expect(reloaded.queryCluster).toBe(third.plan.queryCluster);
  });

  test('a lease scoped to a cluster lapses when the conversation moves to another cluster', async () => {
    const engine = await testEngine({ selector: selectorWithVectors(VECTORS) });
    const session = await engine.createSession();
    const first = await session.prepare('read a file');
    const clusterId = session.queryCluster as string;
    const pin = await session.pin(
      { kind: 'card', title: 'File notes', text: 'Paths are relative to the workspace.' },
      { kind: 'leased', lease: { kind: 'cluster', clusterId } },
    );
    expect((await session.commit(first, 'ok')).expiredPins).toEqual([]);
    const same = await session.prepare('write the file to disk');
    expect(same.plan.included.some((entry) => entry.candidate.id === `pin:${pin.id}`)).toBe(true);
    await session.commit(same, 'ok');
    expect(session.pins.map((entry) => entry.id)).toEqual([pin.id]);

    const moved = await session.prepare('what is in the database');
    // Not planned with any more, though it ends only when the turn commits: a rollback keeps it.
    expect(moved.plan.included.some((entry) => entry.candidate.id === `pin:${pin.id}`)).toBe(false);
    session.rollback(moved);
    expect(session.pins.map((entry) => entry.id)).toEqual([pin.id]);
    expect(session.queryCluster).toBe(clusterId);
    const again = await session.prepare('what is in the database');
    const result = await session.commit(again, 'ok');
    expect(result.expiredPins.map((entry) => entry.id)).toEqual([pin.id]);
    expect(session.pins).toEqual([]);
    // Recorded as a lapse with its reason, not as the user's unpin.
    expect(result.reflection.pinChanges).toEqual([
      { kind: 'lapsed', pinId: pin.id, reason: { code: 'cluster-left', clusterId } },
    ]);
    expect(result.reflection.decisions).toEqual([]);
  });

  test('lexical-only hosts, and hosts that turn clusters off, get no clusters', async () => {
    for (const engine of [
      await testEngine(),
      await testEngine({ selector: selectorWithVectors(VECTORS), queryClusters: false }),
    ]) {
      const session = await engine.createSession();
      const prepared = await session.prepare('read a file');
      expect(prepared.plan.queryCluster).toBeUndefined();
      await session.commit(prepared, 'ok');
      expect(session.record.queryCluster).toBeUndefined();
    }
    await expect(testEngine({ queryClusters: { threshold: 2 } })).rejects.toBeInstanceOf(ValidationError);
    const engine = await testEngine();
    const session = await engine.createSession();
    await expect(
      session.pin(
        { kind: 'card', title: 'x', text: 'y' },
        { kind: 'leased', lease: { kind: 'cluster', clusterId: '' } },
      ),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('query clusters on the tiny model', () => {
  let embedder: TransformersEmbedder | undefined;
  afterEach(async () => {
    await embedder?.dispose();
    embedder = undefined;
  });

  test('queries of one topic share a cluster; another topic starts a new one', async () => {
    embedder = tinyEmbedder();
    const engine = await testEngine({ selector: createHybridSelector({ embedder, triggers: false }) });
    const session = await engine.createSession();
    const clusters: (string | undefined)[] = [];
    for (const text of [
      'will a storm bring rain',
      'the forecast for rain and storm',
      'refund my card payment',
    ]) {
      const prepared = await session.prepare(text);
      clusters.push(prepared.plan.queryCluster);
      await session.commit(prepared, 'ok');
    }
    expect(clusters[0]).toBeDefined();
    expect(clusters[1]).toBe(clusters[0]);
    expect(clusters[2]).toBeDefined();
    expect(clusters[2]).not.toBe(clusters[0]);
    expect(session.record.queryCluster?.size).toBe(1);
  });
});
