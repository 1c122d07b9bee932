import { describe, expect, test } from 'vitest';
import { defineCatalog } from '../catalog/index.js';
import type { ItemCandidate, PlanReuse } from '../planner/index.js';
import { newSessionRecord, type SessionRecord } from '../session/index.js';
import { REUSE_BOOST, reuseFor, SERVED_LIMITS, withReuse, withServed } from './index.js';

const record = (): SessionRecord => newSessionRecord('s', '', defineCatalog({}), '');

const cluster = (id: string, centroid: number[], size = 1) => ({ id, centroid, size });

describe('withServed', () => {
  test('a cluster remembers the items its turns used, most recent first; one nothing served is not kept', () => {
    let r = withServed(record(), cluster('c1', [1, 0]), 't1', []);
    expect(r.servedClusters).toBeUndefined();
    r = withServed(r, cluster('c1', [1, 0]), 't2', ['a', 'b']);
    r = withServed(r, cluster('c1', [0.9, 0.1], 3), 't3', ['c', 'a']);
    expect(r.servedClusters).toEqual([
      { id: 'c1', centroid: [0.9, 0.1], turnIds: ['t2', 't3'], items: ['c', 'a', 'b'] },
    ]);
  });

  test('bounded: the least recently served cluster goes first', () => {
    let r = record();
    for (let i = 0; i <= SERVED_LIMITS.clusters; i++)
      r = withServed(r, cluster(`c${i}`, [1]), `t${i}`, ['x']);
    expect(r.servedClusters).toHaveLength(SERVED_LIMITS.clusters);
    expect(r.servedClusters?.[0]?.id).toBe('c1');
  });
});

describe('reuseFor', () => {
  const served = [
    { id: 'c1', centroid: [1, 0, 0], turnIds: ['t1'], items: ['a'] },
    { id: 'c2', centroid: [0, 1, 0], turnIds: ['t2'], items: ['b'] },
  ];
  test('a request that starts a cluster similar to a remembered one reuses it; others do not', () => {
    expect(reuseFor(served, cluster('c3', [0.8, 0.6, 0]), 'c2', 0.5)).toEqual({
      clusterId: 'c1',
      fromTurnIds: ['t1'],
      similarity: 0.8,
      items: ['a'],
    });
    // Below the threshold, the current cluster itself, or a request that joined the current cluster: none.
    expect(reuseFor(served, cluster('c3', [0.4, 0, 0.9]), 'c2', 0.5)).toBeNull();
    expect(reuseFor(served, cluster('c3', [0, 1, 0]), 'c2', 0.5)).toBeNull();
    expect(reuseFor(served, cluster('c2', [0, 1, 0], 2), 'c2', 0.5)).toBeNull();
    expect(reuseFor(undefined, cluster('c3', [1, 0, 0]), 'c2', 0.5)).toBeNull();
  });
});

describe('withReuse', () => {
  const item = (id: string, score: number, rank: number): ItemCandidate =>
    ({
      kind: 'item',
      id,
      section: 'rules',
      tokens: 10,
      ref: { type: 'rule', name: id },
      origin: { via: 'agent', score, rank },
      body: null,
      order: rank,
    }) as ItemCandidate;
  const reuse: PlanReuse = {
    clusterId: 'c1',
    fromTurnIds: ['t1'],
    similarity: 0.8,
    items: ['b', 'z', 'gone'],
  };

  test('reused items are boosted and marked, missing ones join, and the order follows the scores', () => {
    const result = withReuse([item('a', 0.6, 1), item('b', 0.3, 2)], reuse, (key, rank, score) =>
      key === 'gone'
        ? null
        : { ...item(key, score, rank), origin: { via: 'agent', score, rank, reused: true } },
    );
    expect(result?.agent.map((c) => [c.id, c.origin.via === 'agent' && c.origin.score])).toEqual([
      ['b', 0.3 + REUSE_BOOST * 0.8],
      ['a', 0.6],
      ['z', REUSE_BOOST * 0.8],
    ]);
    expect(result?.agent[0]?.origin).toMatchObject({ reused: true });
    expect(result?.reuse.items).toEqual(['b', 'z']);
    expect(withReuse([item('a', 0.6, 1)], { ...reuse, items: ['gone'] }, () => null)).toBeNull();
  });
});
