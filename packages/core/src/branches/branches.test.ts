import { describe, expect, test } from 'vitest';
import { CorruptRecordError, NotFoundError, ValidationError } from '../errors/index.js';
import type { ChatMessage, Pin, SessionRecord } from '../session/index.js';
import { MemoryStore } from '../store/index.js';
import {
  branchMessages,
  branchTree,
  deletionOrder,
  directBranches,
  forkLength,
  forkSession,
} from './index.js';

const at = '2026-01-01T00:00:00.000Z';
const user = (id: string): ChatMessage => ({ id, role: 'user', content: id, createdAt: at });
const reply = (id: string, calls: string[] = []): ChatMessage => ({
  id,
  role: 'assistant',
  createdAt: at,
  modelReply: {
    content: id,
    ...(calls.length > 0 && {
      toolCalls: calls.map((call) => ({ id: call, name: 'fs__read', arguments: {} })),
    }),
  },
});
const result = (id: string, call: string): ChatMessage => ({
  id,
  role: 'tool',
  createdAt: at,
  toolCallId: call,
  toolName: 'fs__read',
  content: id,
});
const note = (id: string): ChatMessage => ({ id, role: 'error', content: id, createdAt: at });

// Turn 1: u1 a1. A note. Turn 2: u2, a2 calls c1, t2 answers it, a2b answers. Turn 3: u3 a3.
const messages: ChatMessage[] = [
  user('u1'),
  reply('a1'),
  note('n1'),
  user('u2'),
  reply('a2', ['c1']),
  result('t2', 'c1'),
  reply('a2b'),
  user('u3'),
  reply('a3'),
];
const ids = (list: readonly ChatMessage[]) => list.map((message) => message.id);

function record(id: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    title: `Chat ${id}`,
    createdAt: at,
    updatedAt: at,
    contextItems: [{ type: 'rule', name: 'Style', includeMode: 'always' }],
    pins: [],
    mode: 'heavy',
    taskId: 'task-1',
    workspace: 'Open file: a.ts',
    turnCount: 3,
    ...extra,
  };
}

describe('where a fork cuts', () => {
  test.each([
    ['u2', false, 7, 'a user message keeps its whole turn'],
    ['a2', false, 7, 'a reply that calls tools keeps the whole tool loop'],
    ['t2', false, 7, 'a tool result keeps the rest of its turn'],
    ['a2b', false, 7, 'the final reply ends the turn'],
    ['u2', true, 3, 'before: the turn is left out, so it can be asked differently'],
    ['t2', true, 3, 'before, from mid tool loop: the whole turn is left out'],
    ['u1', true, 0, 'before the first turn: nothing is kept'],
    ['a3', false, 9, 'the last message keeps everything'],
    ['n1', false, 3, 'a note keeps everything up to the note'],
    ['n1', true, 2, 'before a note keeps everything before it'],
  ])('fork at %s (before: %s) keeps %i messages: %s', (messageId, before, kept) => {
    expect(forkLength(messages, messageId, before)).toBe(kept);
  });

  test('an unknown message is -1', () => {
    expect(forkLength(messages, 'nope', false)).toBe(-1);
  });
});

describe('forkSession', () => {
  const sticky: Pin = {
    id: 'p1',
    kind: 'sticky',
    target: { kind: 'message', messageId: 'a1' },
    createdAt: at,
  };
  const later: Pin = {
    id: 'p2',
    kind: 'sticky',
    target: { kind: 'message', messageId: 'a3' },
    createdAt: at,
  };
  const leased: Pin = {
    id: 'p3',
    kind: 'leased',
    target: { kind: 'card', title: 'Goal', text: 'Ship it' },
    lease: { kind: 'turns', turns: 3, remaining: 2 },
    createdAt: at,
  };
  const parent = record('root', { pins: [sticky, later, leased] });

  test('the branch copies the parent state and pins as they are, without pins on messages it does not see', () => {
    const { record: branch, inherited } = forkSession(
      parent,
      messages,
      'a2',
      {},
      'b1',
      '2026-02-01T00:00:00.000Z',
    );
    expect(ids(inherited)).toEqual(['u1', 'a1', 'n1', 'u2', 'a2', 't2', 'a2b']);
    expect(branch).toEqual({
      ...parent,
      id: 'b1',
      createdAt: '2026-02-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
      pins: [sticky, leased],
      turnCount: 2,
      branch: {
        parentSessionId: 'root',
        rootSessionId: 'root',
        forkMessageId: 'a2',
        throughMessageId: 'a2b',
      },
    });
  });

  test('a branch of a branch names the same root; a title can be given; before the first turn sees nothing', () => {
    const first = forkSession(parent, messages, 'u3', {}, 'b1', at).record;
    const second = forkSession(first, messages, 'u1', { before: true, title: 'Again' }, 'b2', at);
    expect(second.inherited).toEqual([]);
    expect(second.record.title).toBe('Again');
    expect(second.record.turnCount).toBe(0);
    expect(second.record.pins).toEqual([leased]);
    expect(second.record.branch).toEqual({
      parentSessionId: 'b1',
      rootSessionId: 'root',
      forkMessageId: 'u1',
      throughMessageId: null,
    });
  });

  test('an unknown message is NotFoundError; a malformed argument is ValidationError', () => {
    expect(() => forkSession(parent, messages, 'nope', {}, 'b', at)).toThrow(NotFoundError);
    expect(() => forkSession(parent, messages, '', {}, 'b', at)).toThrow(ValidationError);
    expect(() => forkSession(parent, messages, 'u1', { title: 3 as unknown as string }, 'b', at)).toThrow(
      ValidationError,
    );
  });
});

describe('branchMessages', () => {
  async function storeWith(...sessions: [SessionRecord, ChatMessage[]][]) {
    const store = new MemoryStore();
    for (const [sessionRecord, list] of sessions) {
      await store.createSession(sessionRecord);
      if (list.length > 0)
        await store.commitTurn({
          session: sessionRecord,
          messages: list,
          plans: [],
          usage: [],
          retrievalSets: [],
        });
    }
    return store;
  }
  const branchOf = (parentSessionId: string, throughMessageId: string | null) => ({
    branch: {
      parentSessionId,
      rootSessionId: 'root',
      forkMessageId: throughMessageId ?? 'u1',
      throughMessageId,
    },
  });

  test('a branch of a branch sees each ancestor up to its fork point, then its own messages', async () => {
    const store = await storeWith(
      [record('root'), messages],
      [record('b1', branchOf('root', 'a2b')), [user('x1'), reply('y1')]],
      [record('b2', branchOf('b1', 'x1')), [user('z1')]],
      [record('b3', branchOf('b1', null)), []],
    );
    const load = async (id: string) =>
      ids(await branchMessages(store, (await store.loadSession(id)) as never));
    expect(await load('root')).toEqual(ids(messages));
    expect(await load('b1')).toEqual(['u1', 'a1', 'n1', 'u2', 'a2', 't2', 'a2b', 'x1', 'y1']);
    // The fork point x1 is in b1's own messages; everything of root that b1 sees comes along.
    expect(await load('b2')).toEqual(['u1', 'a1', 'n1', 'u2', 'a2', 't2', 'a2b', 'x1', 'z1']);
    expect(await load('b3')).toEqual([]);
  });

  test('a missing parent, a fork point the parent lacks, or a loop is CorruptRecordError, not a shorter history', async () => {
    const store = await storeWith(
      [record('root'), messages],
      [record('orphan', branchOf('gone', 'u1')), [user('x1')]],
      [record('astray', branchOf('root', 'nope')), []],
      [record('l1', branchOf('l2', null)), []],
      [record('l2', branchOf('l1', null)), []],
    );
    for (const [id, text] of [
      ['orphan', "'gone', which is missing"],
      ['astray', "fork point 'nope'"],
      ['l1', 'loops back'],
    ] as const) {
      const loaded = await store.loadSession(id);
      const error = await branchMessages(store, loaded as never).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CorruptRecordError);
      expect((error as Error).message).toContain(text);
    }
  });
});

describe('branch trees', () => {
  const tree = [
    record('root'),
    record('b2', {
      createdAt: '2026-01-03T00:00:00.000Z',
      branch: { parentSessionId: 'root', rootSessionId: 'root', forkMessageId: 'u1', throughMessageId: 'a1' },
    }),
    record('b1', {
      createdAt: '2026-01-02T00:00:00.000Z',
      branch: { parentSessionId: 'root', rootSessionId: 'root', forkMessageId: 'u1', throughMessageId: 'a1' },
    }),
    record('b11', {
      createdAt: '2026-01-04T00:00:00.000Z',
      branch: { parentSessionId: 'b1', rootSessionId: 'root', forkMessageId: 'u1', throughMessageId: 'a1' },
    }),
    record('other'),
  ];

  test('branchTree lists a session and its branches depth first, oldest branch first', () => {
    expect(branchTree(tree, 'root').map((node) => [node.record.id, node.depth, node.branchIds])).toEqual([
      ['root', 0, ['b1', 'b2']],
      ['b1', 1, ['b11']],
      ['b11', 2, []],
      ['b2', 1, []],
    ]);
    expect(branchTree(tree, 'b1').map((node) => [node.record.id, node.depth])).toEqual([
      ['b1', 0],
      ['b11', 1],
    ]);
    expect(() => branchTree(tree, 'nope')).toThrow(NotFoundError);
  });

  test('deletion goes deepest first, so no branch is ever left without its parent', () => {
    expect(directBranches(tree, 'root')).toEqual(['b1', 'b2']);
    expect(directBranches(tree, 'other')).toEqual([]);
    expect(deletionOrder(tree, 'root')).toEqual(['b11', 'b1', 'b2', 'root']);
    expect(deletionOrder(tree, 'b2')).toEqual(['b2']);
  });
});
