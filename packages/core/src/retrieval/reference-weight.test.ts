import { describe, expect, test } from 'vitest';
import { MemoryStore } from '../store/index.js';
import { createLexicalSelector, DISCRIMINATING_SHARE, referenceWeight } from './index.js';
import { UseMemory } from './learning.js';

describe('referenceWeight', () => {
  test('references count in full up to the discriminating share, then fall to nothing at all of them', () => {
    expect(DISCRIMINATING_SHARE).toBe(0.9);
    expect(referenceWeight(1, 10)).toBe(1);
    expect(referenceWeight(9, 10)).toBe(1);
    expect(referenceWeight(19, 20)).toBeCloseTo(0.5);
    expect(referenceWeight(3, 4, 0.5)).toBeCloseTo(0.5);
    expect(referenceWeight(10, 10)).toBe(0);
    // The only item sent, named: it tells a used item from an unused one no better than sending it did.
    expect(referenceWeight(1, 1)).toBe(0);
    // Nothing it could have referenced (everything was called), or nothing named: nothing to discount.
    expect(referenceWeight(0, 0)).toBe(1);
    expect(referenceWeight(0, 4)).toBe(1);
    expect(referenceWeight(4, 4, 1)).toBe(1);
  });
});

describe('evidence of use with a weight', () => {
  const query = 'weather forecast in Oslo';

  test('an event counts by its weight; one of weight 0 leaves learning exactly as it was', () => {
    const full = new UseMemory();
    full.record({ kind: 'referenced', query, keys: ['tool:t:weather'] });
    const half = new UseMemory();
    half.record({ kind: 'referenced', query, keys: ['tool:t:weather'], weight: 0.5 });
    expect(half.usesOf('tool:t:weather')).toEqual([{ kind: 'referenced', weight: 0.25 }]);
    expect(full.usesOf('tool:t:weather')).toEqual([{ kind: 'referenced', weight: 0.5 }]);

    const none = new UseMemory();
    none.record({ kind: 'referenced', query, keys: ['tool:t:weather', 'tool:t:news'], weight: 0 });
    expect(none.size).toBe(0);
    expect(none.items).toBe(0);
    expect(none.usesOf('tool:t:weather')).toEqual([]);
    expect(none.toJson()).toEqual(new UseMemory().toJson());
  });

  test('a weight outside 0–1 is held to it', () => {
    const memory = new UseMemory();
    memory.record({ kind: 'called', query, keys: ['tool:t:weather'], weight: 7 });
    memory.record({ kind: 'removed', query, keys: ['tool:t:news'], weight: -3 });
    expect(memory.usesOf('tool:t:weather')).toEqual([{ kind: 'called', weight: 1 }]);
    expect(memory.usesOf('tool:t:news')).toEqual([]);
  });

  test('a selector taught only by weightless references ranks as one that learns nothing', async () => {
    const selector = createLexicalSelector({ store: new MemoryStore() });
    for (let i = 0; i < 20; i++)
      await selector.recordUse({ kind: 'referenced', query, keys: ['tool:t:news'], weight: 0 });
    await selector.flush();
    expect(await selector.exportLearning()).toEqual(new UseMemory().toJson());
  });
});
