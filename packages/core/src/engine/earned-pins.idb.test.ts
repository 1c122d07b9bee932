import { describe, expect, test } from 'vitest';
import { createLexicalSelector } from '../retrieval/index.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const open = storesClosedAfterEach();

const VECTORS: Record<string, readonly number[]> = {
  'Read the file notes.txt from disk': [1, 0],
  'Now read the file todo.txt from disk': [0.95, 0.05],
  'What tables are in the database schema?': [0, 1],
  'Read the file report.txt from disk again': [0.9, 0.1],
};

function selector() {
  const lexical = createLexicalSelector();
  return {
    name: 'hand-made',
    select: lexical.select.bind(lexical),
    embedQuery: async (query: string) => {
      const vector = VECTORS[query];
      return vector ? Float32Array.from(vector) : null;
    },
  };
}

async function readTurn(session: Session, text: string): Promise<void> {
  const turn = await session.prepare(text);
  const call = `call-${session.record.turnCount}`;
  const called = await session.continue(
    turn,
    { content: '', toolCalls: [{ id: call, name: 'filesystem__read_file', arguments: { path: 'x' } }] },
    [{ toolCallId: call, content: 'the file text' }],
  );
  await session.commit(called, 'Here is what the file says.');
}

describe('earned leases and reuse in IndexedDB', () => {
  test('earned pins, dismissals and served clusters survive a reload, and a reload reuses what served', async () => {
    const name = freshName();
    const engine = await testEngine({ store: await open(name), selector: selector() });
    const session = await engine.createSession();
    await readTurn(session, 'Read the file notes.txt from disk');
    await readTurn(session, 'Now read the file todo.txt from disk');
    expect(session.pins).toMatchObject([{ kind: 'leased', earned: { turnIds: expect.any(Array) } }]);
    const earned = session.pins;
    await session.commit(
      await session.prepare('What tables are in the database schema?'),
      'The users table.',
    );
    expect(session.pins).toEqual([]);
    open.closeAll();

    const reloaded = await (await testEngine({ store: await open(name), selector: selector() })).openSession(
      session.id,
    );
    expect(reloaded.record.earned).toEqual(session.record.earned);
    expect(reloaded.record.servedClusters).toEqual(session.record.servedClusters);
    const back = await reloaded.prepare('Read the file report.txt from disk again');
    expect(back.plan.reuse).toMatchObject({ items: ['tool:filesystem:read_file'] });
    expect(back.plan.reuse?.clusterId).toBe((earned[0] as { lease: { clusterId: string } }).lease.clusterId);
  });
});
