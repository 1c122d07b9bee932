import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assignQuery } from './index.js';

const ids = () => {
  let n = 0;
  return () => `c${++n}`;
};

describe('assignQuery', () => {
  test('the first query starts a cluster; a close one joins it and moves the centroid to the running mean', () => {
    const newId = ids();
    const first = assignQuery(null, [2, 0], 0.5, newId);
    expect(first).toEqual({
      cluster: { id: 'c1', centroid: [1, 0], size: 1 },
      started: true,
      similarity: null,
    });
    const second = assignQuery(first.cluster, [0.6, 0.8], 0.5, newId);
    expect(second.started).toBe(false);
    expect(second.similarity).toBeCloseTo(0.6);
    expect(second.cluster.id).toBe('c1');
    expect(second.cluster.size).toBe(2);
    expect(second.cluster.centroid[0]).toBeCloseTo(0.8);
    expect(second.cluster.centroid[1]).toBeCloseTo(0.4);
  });

  test('a query below the threshold starts a new cluster, at the threshold it joins', () => {
    const newId = ids();
    const { cluster } = assignQuery(null, [1, 0], 0.6, newId);
    const below = assignQuery(cluster, [0.5, Math.sqrt(0.75)], 0.6, newId);
    expect(below.started).toBe(true);
    expect(below.cluster).toMatchObject({ id: 'c2', size: 1 });
    const at = assignQuery(cluster, [0.6, 0.8], 0.6, newId);
    expect(at.started).toBe(false);
  });

  test('a query of other dimensions (the embedder changed) starts a new cluster', () => {
    const newId = ids();
    const { cluster } = assignQuery(null, [1, 0], 0, newId);
    expect(assignQuery(cluster, [1, 0, 0], 0, newId).cluster.id).toBe('c2');
  });

  test('the centroid is the mean of the unit vectors of the members, whatever their lengths', () => {
    const vector = fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 12 }), (vectors) => {
        const newId = ids();
        let cluster = null;
        // Positive vectors are never further than 90° apart: a threshold of 0 keeps them all in one cluster.
        for (const v of vectors) cluster = assignQuery(cluster, v, 0, newId).cluster;
        const units = vectors.map((v) => {
          const norm = Math.hypot(...v);
          return v.map((x) => x / norm);
        });
        const mean = [0, 1, 2].map((i) => units.reduce((sum, u) => sum + (u[i] as number), 0) / units.length);
        expect(cluster?.size).toBe(vectors.length);
        expect(cluster?.id).toBe('c1');
        cluster?.centroid.forEach((value, i) => {
          expect(value).toBeCloseTo(mean[i] as number, 9);
        });
      }),
    );
  });
});
