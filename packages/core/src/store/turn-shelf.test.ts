import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import type { ContextPlan, PlanInput, TurnCandidate } from '../planner/index.js';
import type { StoredPlan } from '../store-types/index.js';
import { MemoryStore } from './memory.js';
import { TurnShelf } from './turn-shelf.js';

function turn(index: number): TurnCandidate {
  return {
    kind: 'turn',
    id: `turn:${index}`,
    section: 'history',
    tokens: 10,
    hash: `h${index}`,
    turnIndex: index,
    messages: [],
  };
}

function plan(id: string, history: TurnCandidate[]): StoredPlan {
  return { id, sessionId: 's', turnIndex: history.length, input: { history } as unknown as PlanInput };
}

describe('TurnShelf', () => {
  test('a plan whose history is turns already shelved is kept as one run, and read back as the same objects', () => {
    const shelf = new TurnShelf();
    const turns = Array.from({ length: 200 }, (_, i) => turn(i));
    const shelved = turns.map((_, k) => shelf.shelve(plan(`p${k}`, turns.slice(0, k + 1))));
    for (const [k, kept] of shelved.entries()) {
      expect(kept.input.history).toEqual([{ first: 0, count: k + 1 }]);
      const back = shelf.unshelve(kept).input.history;
      expect(back).toHaveLength(k + 1);
      for (const [i, candidate] of back.entries()) expect(candidate).toBe(turns[i]);
    }
  });

  test('a pinned variant and a gap keep their places in the order', () => {
    const shelf = new TurnShelf();
    const turns = Array.from({ length: 6 }, (_, i) => turn(i));
    shelf.shelve(plan('p0', turns));
    const pinned: TurnCandidate = { ...(turns[2] as TurnCandidate), pinned: { pinId: 'x', pin: 'sticky' } };
    const history = [turns[0], turns[1], pinned, turns[4], turns[5]] as TurnCandidate[];
    const kept = shelf.shelve(plan('p1', history));
    expect(kept.input.history).toEqual([
      { first: 0, count: 2 },
      { candidate: pinned },
      { first: 4, count: 2 },
    ]);
    expect(shelf.unshelve(kept).input.history).toEqual(history);
  });
});

describe('MemoryStore plans', () => {
  test('every plan of a long session reads back deep-equal to what the engine planned, sharing its turns', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const planned: ContextPlan[] = [];
    for (let i = 0; i < 30; i++) {
      const prepared = await session.prepare(`question ${i} about the build`);
      planned.push(prepared.plan);
      await session.commit(prepared, `answer ${i}`);
    }
    const ids = planned.map((kept) => kept.id);
    for (const [k, id] of ids.entries()) expect(await engine.getPlan(id)).toEqual(planned[k]);
    const stored = await Promise.all(ids.map((id) => store.getPlan(id)));
    const last = stored.at(-1)?.input.history ?? [];
    const earlier = stored.at(-2)?.input.history ?? [];
    expect(last).toHaveLength(29);
    for (const [i, candidate] of earlier.entries()) expect(last[i]).toBe(candidate);
    expect((await store.listPlans(session.id)).map((kept) => kept.input)).toEqual(
      stored.map((kept) => kept?.input),
    );
  });
});
