import { describe, expect, test } from 'vitest';
import { NotFoundError, TransactionError, ValidationError } from '../errors/index.js';
import type { SummarizerInput } from '../history/index.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const open = storesClosedAfterEach();

async function chat(session: Session, texts: readonly string[]) {
  const turns = [];
  for (const text of texts) turns.push(await session.commit(await session.prepare(text), `About ${text}`));
  return turns;
}

const userTexts = (session: Session) =>
  session.messages.flatMap((message) => (message.role === 'user' ? [message.content] : []));

describe('deleting a turn', () => {
  test('takes its question and reply out of the session, its plans, pins and recall; the rest goes on', async () => {
    const store = new MemoryStore();
    const engine = await testEngine({ store });
    const session = await engine.createSession();
    const turns = await chat(session, [
      'The vault code is tangerine',
      'Unrelated small talk',
      'More small talk',
    ]);
    const secret = turns[0]?.messages[0]?.id as string;
    const pin = await session.pin({ kind: 'message', messageId: secret });
    const other = await engine.createSession();
    const before = await other.prepare('What is the vault code?');
    expect(JSON.stringify(before.request)).toContain('tangerine');
    other.rollback(before);

    await session.deleteTurn(turns[0]?.assistantMessage.id as string);
    expect(userTexts(session)).toEqual(['Unrelated small talk', 'More small talk']);
    expect(session.pins.some((entry) => entry.id === pin.id)).toBe(false);
    expect(session.record.turnCount).toBe(2);
    const next = await session.prepare('What is the vault code?');
    expect(JSON.stringify(next.request)).not.toContain('tangerine');
    await session.commit(next, 'I do not know.');
    // Recalled in another conversation no more.
    const after = await other.prepare('What is the vault code?');
    expect(JSON.stringify(after.request)).not.toContain('tangerine');
    // A plan that sent the deleted turn still replays, with the turn's text gone.
    const replayed = await engine.replay(turns[1]?.assistantMessage.requestContext?.planId as string);
    expect(JSON.stringify(replayed)).not.toContain('tangerine');
  });

  test('is kept after a reload from IndexedDB, and other tabs see it', async () => {
    const name = freshName();
    const engine = await testEngine({ store: await open(name) });
    const session = await engine.createSession();
    const turns = await chat(session, ['First question', 'Second question', 'Third question']);
    const otherTab = await testEngine({ store: await open(name) });
    const seen = await otherTab.openSession(session.id);
    expect(userTexts(seen)).toHaveLength(3);
    await session.deleteTurn(turns[1]?.messages[0]?.id as string);
    await expect
      .poll(async () => userTexts(await otherTab.openSession(session.id)))
      .toEqual(['First question', 'Third question']);
    const reloaded = await (await testEngine({ store: await open(name) })).openSession(session.id);
    expect(userTexts(reloaded)).toEqual(['First question', 'Third question']);
    expect(reloaded.record.turnCount).toBe(2);
  });

  test('drops the summaries that covered it, and every later one', async () => {
    const summarizer = async ({ messages }: SummarizerInput) => ({ summary: `${messages.length} messages` });
    const engine = await testEngine({
      contextWindow: 3_000,
      reservedOutput: 500,
      defaultMode: 'off',
      history: { summarizer },
    });
    const session = await engine.createSession();
    // About 156 tokens a turn with the approximate counter: the 14th turn finds history over its share.
    const turns = [];
    for (let i = 0; i < 14; i++)
      turns.push(
        await session.commit(
          await session.prepare(`Question ${i}: ${'q'.repeat(200)}`.slice(0, 200)),
          `Answer ${i}: ${'a'.repeat(400)}`.slice(0, 400),
        ),
      );
    expect(session.checkpoints.length).toBeGreaterThan(0);
    const covered = session.checkpoints[0]?.firstMessageId as string;
    const kept = session.checkpoints.length;
    await session.deleteTurn(turns.at(-1)?.messages[0]?.id as string);
    expect(session.checkpoints).toHaveLength(kept);
    await session.deleteTurn(covered);
    expect(session.checkpoints).toHaveLength(0);
  });

  test('is refused while a turn is open, for an unknown message, for an inherited turn and a fork point', async () => {
    const engine = await testEngine();
    const session = await engine.createSession();
    const turns = await chat(session, ['One', 'Two', 'Three']);
    const open = await session.prepare('Four');
    await expect(session.deleteTurn(turns[0]?.messages[0]?.id as string)).rejects.toBeInstanceOf(
      TransactionError,
    );
    session.rollback(open);
    await expect(session.deleteTurn('no-such-message')).rejects.toBeInstanceOf(NotFoundError);
    await expect(session.deleteTurn('')).rejects.toBeInstanceOf(ValidationError);

    const branch = await session.fork(turns[1]?.assistantMessage.id as string);
    await chat(branch, ['Branch question']);
    // The branch inherited One and Two: they are its parent's to delete.
    const inherited = session.messages[0]?.id as string;
    await expect(branch.deleteTurn(inherited)).rejects.toThrow(/belongs to session/);
    // The parent's turn the branch goes on from.
    await expect(session.deleteTurn(turns[1]?.messages[0]?.id as string)).rejects.toThrow(/go on from it/);
    expect(userTexts(session)).toEqual(['One', 'Two', 'Three']);
    // Its own turn, and a parent's turn after the fork point, can go.
    await branch.deleteTurn(branch.messages.at(-1)?.id as string);
    await session.deleteTurn(turns[2]?.messages[0]?.id as string);
    expect(userTexts(session)).toEqual(['One', 'Two']);
    expect(userTexts(await engine.openSession(branch.id))).toEqual(['One', 'Two']);
  });
});
