import { describe, expect, test } from 'vitest';
import { BranchError, CorruptRecordError, NotFoundError } from '../errors/index.js';
import type { ChatMessage } from '../session/index.js';
import { MemoryStore, type StoreEvent } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const ids = (messages: readonly ChatMessage[]) => messages.map((message) => message.id);
const contents = (session: Session) =>
  session.messages.map((message) =>
    message.role === 'assistant' ? message.modelReply.content : message.content,
  );

async function talk(session: Session, question: string, answer: string) {
  return session.commit(await session.prepare(question), answer);
}

/** A session with three turns; the second is a tool loop. */
async function threeTurns(store = new MemoryStore()) {
  const engine = await testEngine({ store });
  const root = await engine.createSession({ title: 'Root' });
  await talk(root, 'first question', 'first answer');
  const first = await root.prepare('what is in notes.txt?');
  const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'notes.txt' } };
  const next = await root.continue(first, { content: '', toolCalls: [call] }, [
    { toolCallId: 'call-1', content: 'buy milk' },
  ]);
  await root.commit(next, 'It says buy milk.');
  await talk(root, 'third question', 'third answer');
  return { engine, root, store };
}

const historyIds = (prepared: {
  plan: { included: readonly { candidate: { id: string; kind: string } }[] };
}) =>
  prepared.plan.included
    .filter((entry) => entry.candidate.kind === 'turn')
    .map((entry) => entry.candidate.id);

describe('forking', () => {
  test('a branch sees the parent up to the fork point, then goes its own way; the parent is untouched', async () => {
    const { engine, root, store } = await threeTurns();
    const parentBefore = [...root.messages];
    const forkAt = root.messages[1] as ChatMessage; // the first answer
    const branch = await root.fork(forkAt.id, { title: 'Other way' });
    expect(branch.id).not.toBe(root.id);
    expect(branch.record.title).toBe('Other way');
    expect(ids(branch.messages)).toEqual(ids(parentBefore.slice(0, 2)));
    expect(branch.head).toBe(forkAt.id);
    expect(branch.branch).toEqual({
      parentSessionId: root.id,
      rootSessionId: root.id,
      forkMessageId: forkAt.id,
      throughMessageId: forkAt.id,
    });
    expect(root.branch).toBeNull();
    expect(await engine.openSession(branch.id)).toBe(branch);

    await talk(branch, 'branch question', 'branch answer');
    await talk(root, 'fourth question', 'fourth answer');
    expect(contents(branch)).toEqual(['first question', 'first answer', 'branch question', 'branch answer']);
    expect(ids(root.messages).slice(0, parentBefore.length)).toEqual(ids(parentBefore));
    expect(contents(root).slice(-2)).toEqual(['fourth question', 'fourth answer']);
    // The store holds only the branch's own messages.
    expect((await store.loadSession(branch.id))?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
    ]);
    expect(branch.head).toBe(branch.messages.at(-1)?.id);
    expect(root.head).not.toBe(branch.head);
  });

  test('after a reload the branch opens with exactly the messages, pins and state it had', async () => {
    const { root, store } = await threeTurns();
    await root.setMode('heavy');
    const branch = await root.fork(root.messages[3]?.id as string);
    await branch.pin({ kind: 'card', title: 'Goal', text: 'Try another way' });
    await talk(branch, 'branch question', 'branch answer');
    const reloaded = await (await testEngine({ store })).openSession(branch.id);
    expect(reloaded.messages).toEqual(branch.messages);
    expect(reloaded.record).toEqual(branch.record);
    expect(reloaded.mode).toBe('heavy');
    // The same plan but for the new user message's id, which each engine makes itself.
    const planned = async (session: Session) =>
      (await session.prepare('go on')).plan.included
        .filter((entry) => entry.candidate.kind !== 'current')
        .map((entry) => [entry.candidate.id, entry.reason]);
    expect(await planned(reloaded)).toEqual(await planned(branch));
  });

  test('forking inside a tool loop keeps the whole turn; before: true leaves the whole turn out', async () => {
    const { root } = await threeTurns();
    const toolResult = root.messages.find((message) => message.role === 'tool') as ChatMessage;
    const turnTwo = root.messages.slice(2, 6);
    expect(turnTwo.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);

    const after = await root.fork(toolResult.id);
    expect(ids(after.messages)).toEqual(ids(root.messages.slice(0, 6)));
    const prepared = await after.prepare('and then?');
    expect(historyIds(prepared)).toEqual([`turn:${root.messages[0]?.id}`, `turn:${root.messages[2]?.id}`]);
    // The call and its result are sent together.
    const roles = prepared.request.messages.map((message) => message.role);
    expect(roles.slice(roles.indexOf('tool') - 1, roles.indexOf('tool') + 2)).toEqual([
      'assistant',
      'tool',
      'assistant',
    ]);

    const before = await root.fork(toolResult.id, { before: true });
    expect(ids(before.messages)).toEqual(ids(root.messages.slice(0, 2)));
    const atUser = await root.fork(turnTwo[0]?.id as string, { before: true });
    expect(ids(atUser.messages)).toEqual(ids(before.messages));
    expect(atUser.record.turnCount).toBe(1);
  });

  test('forking at a message that is not committed, or in a session that does not exist, is NotFoundError', async () => {
    const { engine, root, store } = await threeTurns();
    const open = await root.prepare('not yet committed');
    const before = await store.listSessions();
    await expect(root.fork(open.userMessage.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(root.fork('no-such-message')).rejects.toThrow(/no such committed message/);
    await expect(engine.fork('no-such-session', 'x')).rejects.toBeInstanceOf(NotFoundError);
    expect(await store.listSessions()).toEqual(before);
    // The parent's open turn is unaffected.
    await root.commit(open, 'fine');
  });
});

describe('pins and leases of a branch', () => {
  test('start as the parent has them at the fork, then diverge', async () => {
    const { root } = await threeTurns();
    const sticky = await root.pin({ kind: 'item', ref: { type: 'rule', name: 'Error handling' } });
    const leased = await root.pin(
      { kind: 'card', title: 'Goal', text: 'v2' },
      { kind: 'leased', lease: { kind: 'turns', turns: 3 } },
    );
    const early = await root.pin({ kind: 'message', messageId: root.messages[0]?.id as string });
    const late = await root.pin({ kind: 'message', messageId: root.messages.at(-1)?.id as string });

    const branch = await root.fork(root.messages[1]?.id as string);
    // A pin on a message the branch does not see is not copied.
    expect(branch.pins).toEqual([sticky, leased, early]);
    expect(root.pins).toEqual([sticky, leased, early, late]);

    const { expiredPins } = await talk(branch, 'branch question', 'branch answer');
    expect(expiredPins).toEqual([]);
    await branch.unpin(sticky.id);
    const lease = (pins: readonly { id: string; kind: string; lease?: { remaining?: number } }[]) =>
      (pins.find((pin) => pin.id === leased.id) as { lease: { remaining: number } }).lease.remaining;
    expect(lease(branch.pins as never)).toBe(2);
    expect(lease(root.pins as never)).toBe(3);
    expect(root.pins.map((pin) => pin.id)).toContain(sticky.id);
    expect(branch.pins.map((pin) => pin.id)).not.toContain(sticky.id);
  });
});

describe('plans of a branch', () => {
  test('say their branch, plan over the inherited history, and replay', async () => {
    const { engine, root, store } = await threeTurns();
    const branch = await root.fork(root.messages[5]?.id as string);
    const prepared = await branch.prepare('branch question');
    expect(prepared.sessionId).toBe(branch.id);
    expect(historyIds(prepared)).toEqual([`turn:${root.messages[0]?.id}`, `turn:${root.messages[2]?.id}`]);
    await branch.commit(prepared, 'branch answer');

    const plans = await store.listPlans(branch.id);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      id: prepared.plan.id,
      sessionId: branch.id,
      branch: { rootSessionId: root.id, parentSessionId: root.id },
      turnIndex: 2,
    });
    for (const plan of await store.listPlans(root.id)) expect(plan.branch).toBeUndefined();
    expect(await engine.getPlan(prepared.plan.id)).toEqual(prepared.plan);

    const grandchild = await branch.fork(branch.messages.at(-1)?.id as string);
    const nested = await grandchild.prepare('deeper');
    await grandchild.commit(nested, 'ok');
    expect((await store.listPlans(grandchild.id))[0]?.branch).toEqual({
      rootSessionId: root.id,
      parentSessionId: branch.id,
    });
  });
});

describe('branches of branches', () => {
  test('see every ancestor up to each fork point, also after a reload, and list as a tree', async () => {
    const { engine, root, store } = await threeTurns();
    const b1 = await root.fork(root.messages[1]?.id as string, { title: 'b1' });
    await talk(b1, 'b1 question', 'b1 answer');
    await talk(b1, 'b1 second', 'b1 second answer');
    const b11 = await b1.fork(b1.messages[2]?.id as string, { title: 'b11' });
    await talk(b11, 'b11 question', 'b11 answer');
    const b2 = await engine.fork(root.id, root.messages.at(-1)?.id as string, { title: 'b2' });

    expect(contents(b11)).toEqual([
      'first question',
      'first answer',
      'b1 question',
      'b1 answer',
      'b11 question',
      'b11 answer',
    ]);
    expect(b11.branch?.rootSessionId).toBe(root.id);
    expect(b11.branch?.parentSessionId).toBe(b1.id);

    const fresh = await testEngine({ store });
    expect((await fresh.openSession(b11.id)).messages).toEqual(b11.messages);
    expect((await fresh.openSession(b2.id)).messages).toEqual(root.messages);

    const tree = await fresh.listBranches(root.id);
    expect(tree.map((node) => [node.record.title, node.depth, node.branchIds])).toEqual([
      ['Root', 0, [b1.id, b2.id]],
      ['b1', 1, [b11.id]],
      ['b11', 2, []],
      ['b2', 1, []],
    ]);
    expect((await fresh.listBranches(b1.id)).map((node) => node.record.id)).toEqual([b1.id, b11.id]);
    await expect(fresh.listBranches('nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('deleting', () => {
  test('a session with branches is refused with BranchError, and nothing is deleted', async () => {
    const { engine, root, store } = await threeTurns();
    const b1 = await root.fork(root.messages[1]?.id as string);
    const b11 = await b1.fork(b1.messages[1]?.id as string);
    const error = await engine.deleteSession(root.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BranchError);
    expect(error).toMatchObject({ code: 'has_branches', sessionId: root.id, branchIds: [b1.id] });
    expect((error as Error).message).toContain("branches: 'delete'");
    expect((await store.listSessions()).map((record) => record.id)).toEqual([root.id, b1.id, b11.id]);
    expect((await (await testEngine({ store })).openSession(b11.id)).messages).toEqual(b11.messages);
  });

  test('a leaf branch is deleted alone; with branches: delete, the whole tree goes, deepest first', async () => {
    const { engine, root, store } = await threeTurns();
    const other = await engine.createSession();
    const b1 = await root.fork(root.messages[1]?.id as string);
    const b11 = await b1.fork(b1.messages[1]?.id as string);
    const b2 = await root.fork(root.messages[3]?.id as string);
    await engine.deleteSession(b2.id);
    expect((await engine.listBranches(root.id)).map((node) => node.record.id)).toEqual([
      root.id,
      b1.id,
      b11.id,
    ]);

    const events: StoreEvent[] = [];
    store.subscribe((event) => events.push(event));
    await engine.deleteSession(root.id, { branches: 'delete' });
    expect(events).toEqual([
      { type: 'session-deleted', sessionId: b11.id },
      { type: 'session-deleted', sessionId: b1.id },
      { type: 'session-deleted', sessionId: root.id },
    ]);
    expect((await store.listSessions()).map((record) => record.id)).toEqual([other.id]);
    await expect(engine.openSession(b1.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a branch whose parent was deleted behind the engine’s back fails to open with CorruptRecordError', async () => {
    const { root, store } = await threeTurns();
    const branch = await root.fork(root.messages[1]?.id as string);
    await store.deleteSession(root.id);
    const error = await (await testEngine({ store }))
      .openSession(branch.id)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CorruptRecordError);
    expect((error as Error).message).toContain(root.id);
  });
});
