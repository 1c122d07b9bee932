import { describe, expect, test } from 'vitest';
import { NotFoundError, ValidationError } from '../errors/index.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const open = storesClosedAfterEach();

const QUERY = 'read the file from disk';
const READ_FILE = 'tool:filesystem:read_file';

/** One turn in which the model calls read_file: evidence that it is the right tool for such a message. */
async function useReadFile(session: Session): Promise<void> {
  const turn = await session.prepare(QUERY);
  const next = await session.continue(
    turn,
    { content: '', toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'a.txt' } }] },
    [{ toolCallId: 'c1', content: 'hello' }],
  );
  await session.commit(next, 'It says hello.');
}

/** An engine of its own tab: its ids do not collide with another tab's on the same database. */
function tab(prefix: string) {
  let id = 0;
  return () => `${prefix}-${++id}`;
}

async function learnedBoost(session: Session, query = QUERY): Promise<number | undefined> {
  const set = await session.prepare(query);
  session.rollback(set);
  return set.retrievalSet?.hits.find((hit) => hit.key === READ_FILE)?.provenance.learned?.boost;
}

describe('learning from use in the engine, on IndexedDB', () => {
  test('is on by default, kept in the store, and there after a reload', async () => {
    const name = freshName();
    const engine = await testEngine({ store: await open(name) });
    await useReadFile(await engine.createSession());
    await engine.flushLearning();
    open.closeAll();

    const reloaded = await testEngine({ store: await open(name), newId: tab('reloaded') });
    expect(await learnedBoost(await reloaded.createSession())).toBeGreaterThan(0);
  });

  test('two tabs learning at once both keep what they learned', async () => {
    const name = freshName();
    const tabA = await testEngine({ store: await open(name), newId: tab('a') });
    const tabB = await testEngine({ store: await open(name), newId: tab('b') });
    await useReadFile(await tabA.createSession());
    const session = await tabB.createSession();
    await session.commit(await session.prepare('What tables are in the database schema?'), 'Done.');
    await session.pin({ kind: 'item', ref: { type: 'reference', name: 'Database schema' } });
    await Promise.all([tabA.flushLearning(), tabB.flushLearning()]);

    const exported = (await (
      await testEngine({ store: await open(name), newId: tab('c') })
    ).exportLearning()) as {
      tallies: [string, string, number][];
    };
    expect(exported.tallies).toContainEqual([READ_FILE, 'called', 1]);
    expect(exported.tallies).toContainEqual(['reference:Database schema', 'pinned', 2]);
  });

  test('a private session teaches nothing', async () => {
    const engine = await testEngine({ store: await open(freshName()) });
    await useReadFile(await engine.createSession({ private: true }));
    await engine.flushLearning();
    expect(await engine.exportLearning()).toMatchObject({ pairs: [], tallies: [] });
  });

  test('reset forgets everything, in the store too; learning: false switches it off', async () => {
    const name = freshName();
    const engine = await testEngine({ store: await open(name) });
    await useReadFile(await engine.createSession());
    await engine.resetLearning();
    expect(await learnedBoost(await engine.createSession())).toBeUndefined();
    const reloaded = await testEngine({ store: await open(name), newId: tab('reloaded') });
    expect(await reloaded.exportLearning()).toMatchObject({ pairs: [], tallies: [] });

    const off = await testEngine({ store: await open(freshName()), learning: false });
    await useReadFile(await off.createSession());
    expect(await off.exportLearning()).toBeNull();
  });
});

describe('feedback on an agent item', () => {
  test('"not relevant here" is recorded with the message and ranks the item lower for such messages', async () => {
    const engine = await testEngine({ store: await open(freshName()) });
    const session = await engine.createSession();
    const turn = await session.prepare(QUERY);
    const before = turn.retrievalSet?.hits.find((hit) => hit.key === READ_FILE)?.score ?? 0;
    const { assistantMessage } = await session.commit(turn, 'Done.');
    await session.feedback(
      assistantMessage.id,
      { type: 'tool', serverName: 'filesystem', name: 'read_file' },
      'not-relevant',
    );
    const again = await session.prepare(QUERY);
    const hit = again.retrievalSet?.hits.find((entry) => entry.key === READ_FILE);
    expect(hit === undefined || hit.score < before).toBe(true);
    session.rollback(again);
    const exported = (await engine.exportLearning()) as { tallies: [string, string, number][] };
    expect(exported.tallies).toContainEqual([READ_FILE, 'not-relevant', -2]);
  });

  test('is refused, naming what is wrong, for an item that was not an agent item of that reply', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const { assistantMessage, messages } = await session.commit(await session.prepare(QUERY), 'Done.');
    await expect(
      session.feedback(assistantMessage.id, { type: 'rule', name: 'Authentication' }, 'not-relevant'),
    ).rejects.toMatchObject({
      issues: [{ path: 'item', message: expect.stringMatching(/as an agent item/) }],
    });
    await expect(
      session.feedback(messages[0]?.id ?? '', { type: 'rule', name: 'File operations' }, 'not-relevant'),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      // @ts-expect-error: not a verdict
      session.feedback(assistantMessage.id, { type: 'rule', name: 'File operations' }, 'meh'),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
