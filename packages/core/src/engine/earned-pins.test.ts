import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import type { ContextPlan } from '../planner/index.js';
import { type AgentSelector, createLexicalSelector } from '../retrieval/index.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const READ = 'tool:filesystem:read_file';

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

const FILES = ['Read the file notes.txt from disk', 'Now read the file todo.txt from disk'];
const DATABASE = 'What tables are in the database schema?';
const VECTORS: Record<string, readonly number[]> = {
  [FILES[0] as string]: [1, 0, 0],
  [FILES[1] as string]: [0.95, 0.05, 0],
  'And read config.json from disk too': [0.9, 0.1, 0],
  [DATABASE]: [0, 1, 0],
  'Read the file report.txt from disk again': [0.9, 0, 0.2],
};

/** A turn whose reply calls read_file, and whose final reply says what it found. */
async function readTurn(session: Session, text: string) {
  const turn = await session.prepare(text);
  const call = `call-${session.record.turnCount}`;
  const called = await session.continue(
    turn,
    { content: '', toolCalls: [{ id: call, name: 'filesystem__read_file', arguments: { path: 'x' } }] },
    [{ toolCallId: call, content: 'the file text' }],
  );
  return { turn, result: await session.commit(called, 'Here is what the file says.') };
}

const reasonOf = (plan: ContextPlan, id: string) =>
  [...plan.included, ...plan.excluded].find((entry) => entry.candidate.id === id)?.reason;

describe('leases the conversation earns, without an embedder', () => {
  test('two turns calling a tool earn it a lease of turns; the plan says earned; a third turn renews it', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const first = await readTurn(session, FILES[0] as string);
    expect(first.result.reflection.pinChanges).toEqual([]);
    expect(session.pins).toEqual([]);
    const second = await readTurn(session, FILES[1] as string);
    const [pin] = session.pins;
    expect(pin).toMatchObject({
      kind: 'leased',
      target: { kind: 'item', ref: { type: 'tool', serverName: 'filesystem', name: 'read_file' } },
      lease: { kind: 'turns', turns: 3, remaining: 3 },
      earned: { turnIds: [first.turn.userMessage.id, second.turn.userMessage.id] },
    });
    expect(second.result.reflection.pinChanges).toEqual([
      {
        kind: 'earned',
        pinId: pin?.id,
        lease: { kind: 'turns', turns: 3 },
        reason: { code: 'earned', uses: 2, window: 3 },
      },
    ]);
    // The earned pin is no user decision: the next turn records none.
    const third = await session.prepare('And read config.json from disk too');
    expect(reasonOf(third.plan, READ)).toEqual({
      code: 'pinned',
      pin: 'leased',
      pinId: pin?.id,
      earned: true,
    });
    const result = await session.commit(third, 'I will read it with read_file.');
    expect(result.reflection.decisions).toEqual([]);
    expect(session.pins[0]).toMatchObject({ id: pin?.id, lease: { remaining: 3 } });
    expect((session.pins[0] as { earned?: { turnIds: string[] } }).earned?.turnIds).toHaveLength(3);
    // A reload keeps the earned pin and what the earning remembers.
    const reopened = await (await testEngine({ store })).openSession(session.id);
    expect(reopened.pins).toEqual(session.pins);
    expect(reopened.record.earned).toEqual(session.record.earned);
  });

  test('one use earns nothing, nor do two uses further apart than the window', async () => {
    const session = await (await testEngine({ earnedPins: { window: 2 } })).createSession();
    await readTurn(session, FILES[0] as string);
    const other = await session.prepare(DATABASE);
    await session.commit(other, 'No idea.');
    await readTurn(session, FILES[1] as string);
    expect(session.pins).toEqual([]);
    await readTurn(session, FILES[0] as string);
    expect(session.pins).toHaveLength(1);
  });

  test('a message on another subject ends an earned lease of turns; a follow-up does not', async () => {
    const session = await (await testEngine()).createSession();
    await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    const pinId = session.pins[0]?.id as string;
    const followUp = await session.prepare('and then?');
    expect(reasonOf(followUp.plan, READ)).toMatchObject({ code: 'pinned', earned: true });
    await session.commit(followUp, 'Nothing more.');
    expect(session.pins.map((pin) => pin.id)).toEqual([pinId]);
    const moved = await session.prepare(DATABASE);
    // Not planned with, and ended with the turn: a rollback keeps it.
    expect(reasonOf(moved.plan, READ)?.code).not.toBe('pinned');
    session.rollback(moved);
    expect(session.pins.map((pin) => pin.id)).toEqual([pinId]);
    const again = await session.prepare(DATABASE);
    const result = await session.commit(again, 'The users table.');
    expect(result.expiredPins.map((pin) => pin.id)).toEqual([pinId]);
    expect(result.reflection.pinChanges).toContainEqual({
      kind: 'lapsed',
      pinId,
      reason: { code: 'topic-shift' },
    });
    expect(session.pins).toEqual([]);
  });

  test('a reply that names everything it was sent shows no use and earns nothing', async () => {
    const session = await (await testEngine()).createSession();
    for (const text of FILES) {
      const turn = await session.prepare(text);
      const names = turn.plan.included.flatMap(({ candidate }) =>
        candidate.kind === 'item' ? [candidate.ref.name] : [],
      );
      await session.commit(turn, `You were given: ${names.join(', ')}.`);
    }
    expect(session.pins).toEqual([]);
  });

  test('an earned lease unused for its turns lapses', async () => {
    const session = await (await testEngine({ earnedPins: { turns: 1 } })).createSession();
    await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    expect(session.pins).toHaveLength(1);
    const next = await session.prepare('and then?');
    const result = await session.commit(next, 'Nothing more.');
    expect(result.reflection.pinChanges).toMatchObject([{ kind: 'lapsed', reason: { code: 'unused' } }]);
    expect(session.pins).toEqual([]);
  });

  test('removing an earned lease is remembered for its turns: it is not earned again at once', async () => {
    const store = new MemoryStore();
    const session = await (await testEngine({ store })).createSession();
    await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    await session.unpin(session.pins[0]?.id as string);
    expect(session.record.earned?.dismissed).toEqual([{ key: READ, scope: { kind: 'turns', untilTurn: 5 } }]);
    // The dismissal survives a reload, and holds for the lease's three turns.
    const reopened = await (await testEngine({ store })).openSession(session.id);
    await readTurn(reopened, FILES[0] as string);
    await readTurn(reopened, FILES[1] as string);
    await readTurn(reopened, FILES[0] as string);
    expect(reopened.pins).toEqual([]);
    await readTurn(reopened, FILES[1] as string);
    expect(reopened.pins).toMatchObject([{ kind: 'leased', earned: {} }]);
    expect(reopened.record.earned?.dismissed).toEqual([]);
  });

  test('the thresholds are an engine option, checked; false earns nothing', async () => {
    for (const earnedPins of [{ uses: 0 }, { window: 1, uses: 2 }, { turns: 1.5 }, 'often'])
      await expect(testEngine({ earnedPins: earnedPins as never })).rejects.toBeInstanceOf(ValidationError);
    const session = await (await testEngine({ earnedPins: false })).createSession();
    await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    expect(session.pins).toEqual([]);
    expect(session.record.earned).toBeUndefined();
  });
});

describe('earned leases and reuse with query clusters', () => {
  test('a lease earned in a cluster lasts while it does; a later similar message starts from what served it', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store, selector: selectorWithVectors(VECTORS) });
    const session = await engine.createSession();
    const first = await readTurn(session, FILES[0] as string);
    const second = await readTurn(session, FILES[1] as string);
    const clusterId = session.queryCluster as string;
    expect(session.pins).toMatchObject([
      { kind: 'leased', lease: { kind: 'cluster', clusterId }, earned: {} },
    ]);
    const pinId = session.pins[0]?.id;
    expect(second.result.reflection.pinChanges).toMatchObject([{ kind: 'earned', pinId }]);

    // Another subject: the cluster changes and the lease ends with it; nothing earlier is similar.
    const moved = await session.prepare(DATABASE);
    expect(moved.plan.reuse).toBeUndefined();
    const left = await session.commit(moved, 'The users table.');
    expect(left.reflection.pinChanges).toContainEqual({
      kind: 'lapsed',
      pinId,
      reason: { code: 'cluster-left', clusterId },
    });
    expect(session.pins).toEqual([]);
    expect(session.record.servedClusters?.map((entry) => entry.id)).toEqual([clusterId]);

    // Back to files: a new cluster, similar to the first one, starts from the items that served it.
    const back = await session.prepare('Read the file report.txt from disk again');
    expect(back.plan.queryCluster).not.toBe(clusterId);
    expect(back.plan.reuse).toEqual({
      clusterId,
      fromTurnIds: [first.turn.userMessage.id, second.turn.userMessage.id],
      similarity: expect.any(Number),
      items: [READ],
    });
    expect(back.plan.reuse?.similarity).toBeGreaterThan(0.9);
    expect(reasonOf(back.plan, READ)).toMatchObject({ code: 'agent', reused: true });
    // Reuse is part of what the plan is computed from: a replay gives the same plan and id.
    await session.commit(back, 'It says hello.');
    expect(JSON.stringify(await engine.replay(back.plan.id))).toBe(JSON.stringify(back.plan));

    // Served clusters survive a reload.
    const reopened = await (await testEngine({ store, selector: selectorWithVectors(VECTORS) })).openSession(
      session.id,
    );
    expect(reopened.record.servedClusters).toEqual(session.record.servedClusters);
  });

  test('a branch keeps the uses and served turns it sees, and earns from there', async () => {
    const session = await (await testEngine({ selector: selectorWithVectors(VECTORS) })).createSession();
    const first = await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    const reply = session.messages.find(
      (message) => message.role === 'assistant' && message.requestContext && message.id !== undefined,
    );
    const branch = await session.fork(reply?.id as string);
    expect(branch.record.earned?.uses).toEqual({ [READ]: [{ turn: 0, turnId: first.turn.userMessage.id }] });
    expect(branch.record.servedClusters?.map((entry) => entry.turnIds)).toEqual([
      [first.turn.userMessage.id],
    ]);
    await readTurn(branch, FILES[1] as string);
    expect(branch.pins).toMatchObject([{ kind: 'leased', earned: {} }]);
  });

  test('removing a lease earned in a cluster holds while the cluster does', async () => {
    const session = await (await testEngine({ selector: selectorWithVectors(VECTORS) })).createSession();
    await readTurn(session, FILES[0] as string);
    await readTurn(session, FILES[1] as string);
    const clusterId = session.queryCluster as string;
    await session.unpin(session.pins[0]?.id as string);
    await readTurn(session, 'And read config.json from disk too');
    await readTurn(session, FILES[1] as string);
    expect(session.pins).toEqual([]);
    expect(session.record.earned?.dismissed).toEqual([{ key: READ, scope: { kind: 'cluster', clusterId } }]);
  });

  test('a plan without reuse keeps the id it had; reuse: false and a checked threshold', async () => {
    const plain = await (await testEngine()).createSession();
    const turn = await plain.prepare(FILES[0] as string);
    expect(turn.plan.reuse).toBeUndefined();
    expect('reuse' in turn.plan).toBe(false);
    await expect(testEngine({ reuse: { threshold: 1.5 } })).rejects.toBeInstanceOf(ValidationError);
    const session = await (
      await testEngine({ selector: selectorWithVectors(VECTORS), reuse: false })
    ).createSession();
    await readTurn(session, FILES[0] as string);
    await session.commit(await session.prepare(DATABASE), 'ok');
    const back = await session.prepare('Read the file report.txt from disk again');
    expect(back.plan.reuse).toBeUndefined();
  });
});
