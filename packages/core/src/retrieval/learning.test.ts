import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CorruptRecordError } from '../errors/index.js';
import { MemoryStore } from '../store/index.js';
import { type LearnedScore, tokenize } from './index.js';
import { PersistedUseMemory, UseMemory } from './learning.js';

function scores(memory: UseMemory, query: string): Map<string, LearnedScore> {
  const into = new Map<string, LearnedScore>();
  memory.score([...new Set(tokenize(query))], into);
  return into;
}

describe('UseMemory', () => {
  test('evidence ties query terms to items; distinctive terms count more than common ones', () => {
    const memory = new UseMemory();
    memory.record({ kind: 'called', query: 'find a flight to Paris', keys: ['tool:t:flights'] });
    memory.record({ kind: 'called', query: 'find a hotel in Paris', keys: ['tool:t:hotels'] });
    memory.record({ kind: 'pinned', query: 'find cheap flight tickets', keys: ['tool:t:flights'] });
    const flight = scores(memory, 'flight tickets');
    expect(flight.get('tool:t:flights')?.score).toBeGreaterThan(0);
    expect(flight.has('tool:t:hotels')).toBe(false);
    expect(flight.get('tool:t:flights')?.evidence.map((entry) => entry.term)).toEqual(['flight', 'ticket']);
    // "find" is in every item's evidence, so it weighs less than "hotel".
    const find = scores(memory, 'find').get('tool:t:hotels')?.score ?? 0;
    const hotel = scores(memory, 'hotel').get('tool:t:hotels')?.score ?? 0;
    expect(hotel).toBeGreaterThan(find);
  });

  test('removal is evidence against; enough of it turns the score negative', () => {
    const memory = new UseMemory();
    memory.record({ kind: 'called', query: 'weather in Oslo', keys: ['tool:t:weather'] });
    memory.record({ kind: 'called', query: 'rain tomorrow', keys: ['tool:t:other'] });
    memory.record({ kind: 'removed', query: 'weather in Oslo', keys: ['tool:t:weather'] });
    expect(scores(memory, 'weather Oslo').get('tool:t:weather')?.score).toBeLessThan(0);
  });

  test('learned scores stay in (−1, 1) and memory never holds more than its cap', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom('called', 'pinned', 'removed') as fc.Arbitrary<
              'called' | 'pinned' | 'removed'
            >,
            query: fc
              .array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma'), {
                minLength: 1,
                maxLength: 4,
              })
              .map((w) => w.join(' ')),
            keys: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 2 }),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 12 }),
        (events, maxPairs) => {
          const memory = new UseMemory({ maxPairs });
          for (const event of events) {
            memory.record(event);
            expect(memory.size).toBeLessThanOrEqual(maxPairs);
          }
          for (const { score } of scores(memory, 'alpha beta gamma delta omega sigma').values()) {
            expect(score).toBeGreaterThan(-1);
            expect(score).toBeLessThan(1);
          }
        },
      ),
    );
  });

  test('eviction drops the least recently reinforced pairs first', () => {
    const memory = new UseMemory({ maxPairs: 10 });
    memory.record({ kind: 'pinned', query: 'old stale words here', keys: ['tool:t:old'] });
    for (let i = 0; i < 6; i++)
      memory.record({ kind: 'pinned', query: `fresh${i} topic${i}`, keys: ['tool:t:new'] });
    expect(memory.size).toBeLessThanOrEqual(10);
    expect(scores(memory, 'stale').has('tool:t:old')).toBe(false);
    expect(scores(memory, 'fresh5').has('tool:t:new')).toBe(true);
  });

  test('round-trips through JSON; a malformed document is refused and memory kept', () => {
    const memory = new UseMemory();
    memory.record({ kind: 'pinned', query: 'translate to German', keys: ['tool:t:translate'] });
    const copy = new UseMemory();
    copy.load(JSON.parse(JSON.stringify(memory.toJson())));
    expect(scores(copy, 'German')).toEqual(scores(memory, 'German'));
    expect(() =>
      copy.load({ version: 2, seq: 1, pairs: [['term', 'key', 'heavy', 1]], tallies: [] }),
    ).toThrow(CorruptRecordError);
    expect(() => copy.load({ version: 2, seq: 1, pairs: [], tallies: [['key', 'included', 1]] })).toThrow(
      /tally 0 is not \[key, kind, weight\]/,
    );
    expect(() => copy.load({ version: 99, seq: 1, pairs: [] })).toThrow(/unknown version 99/);
    expect(scores(copy, 'German')).toEqual(scores(memory, 'German'));
  });

  test('a document learned from inclusion alone (version 1) is dropped, not trusted', () => {
    const memory = new UseMemory();
    memory.record({ kind: 'pinned', query: 'translate to German', keys: ['tool:t:translate'] });
    memory.load({ version: 1, seq: 9, pairs: [['german', 'tool:t:other', 5, 9]] });
    expect(memory.size).toBe(0);
    expect(scores(memory, 'German').size).toBe(0);
  });
});

describe('PersistedUseMemory', () => {
  test('keeps evidence in a store document and loads it back in another instance', async () => {
    const store = new MemoryStore();
    const first = new PersistedUseMemory(store);
    await first.record({ kind: 'pinned', query: 'convert currency', keys: ['tool:t:fx'] });
    await first.record({ kind: 'called', query: 'euro to dollar', keys: ['tool:t:fx'] });
    await first.flush();
    expect(await store.getDocument('ctxkit.retrieval.learned')).toEqual(first.memory.toJson());
    const second = new PersistedUseMemory(store);
    await second.ready();
    expect(scores(second.memory, 'currency euro')).toEqual(scores(first.memory, 'currency euro'));
  });

  test('a burst of evidence is written once, after the delay', async () => {
    const store = new MemoryStore();
    const writes: unknown[] = [];
    const update = store.updateDocument.bind(store);
    store.updateDocument = async (key, change) => {
      const written = await update(key, change);
      writes.push(written);
      return written;
    };
    const memory = new PersistedUseMemory(store, { writeDelayMs: 20 });
    for (const query of ['one alpha', 'two beta', 'three gamma'])
      await memory.record({ kind: 'called', query, keys: ['tool:t:x'] });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await memory.flush();
    expect(writes).toEqual([memory.memory.toJson()]);
    await memory.record({ kind: 'called', query: 'four delta', keys: ['tool:t:x'] });
    await memory.flush();
    expect(writes).toHaveLength(2);
    expect(await store.getDocument('ctxkit.retrieval.learned')).toEqual(memory.memory.toJson());
  });

  test('a store that cannot be read is reported, and learning starts empty', async () => {
    const store = new MemoryStore();
    store.getDocument = () => Promise.reject(new Error('disk unavailable'));
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const memory = new PersistedUseMemory(store);
      await memory.ready();
      await memory.record({ kind: 'pinned', query: 'convert currency', keys: ['tool:t:fx'] });
      expect(memory.memory.size).toBe(2);
      expect(reported).toEqual([new Error('disk unavailable')]);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });

  test('a corrupt stored document is reported and learning starts empty', async () => {
    const store = new MemoryStore();
    await store.putDocument('ctxkit.retrieval.learned', { version: 2, seq: 'x', pairs: [], tallies: [] });
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const memory = new PersistedUseMemory(store);
      await memory.ready();
      expect(memory.memory.size).toBe(0);
      expect(reported).toHaveLength(1);
      expect(reported[0]).toBeInstanceOf(CorruptRecordError);
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });
});
