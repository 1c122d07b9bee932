import { describe, expect, test } from 'vitest';
import { defineCatalog, type ItemRef } from '../catalog/index.js';
import { NotFoundError, ValidationError } from '../errors/index.js';
import {
  advanceLeases,
  type LeaseScope,
  makePin,
  newSessionRecord,
  type Pin,
  type PinKind,
  type PinTarget,
  pinTargetKey,
  type SessionRecord,
  withItem,
  withoutItem,
  withoutPin,
  withPin,
  withPromotedPin,
  withTask,
} from './index.js';

const NOW = '2025-01-01T00:00:00.000Z';
const OBJECT_SCHEMA = { type: 'object' } as const;

const catalog = defineCatalog({
  rules: [
    { name: 'Style', content: 'Use tabs.' },
    { name: 'Off', content: 'x', enabled: false },
    { name: 'Deploy', content: 'helm', include: 'agent' },
    { name: 'Commits', content: 'short', include: 'manual' },
  ],
  references: [{ name: 'Glossary', content: 'terms' }],
  servers: [{ name: 'fs' }, { name: 'dead', enabled: false }],
  tools: [
    { server: 'fs', name: 'read', inputSchema: OBJECT_SCHEMA },
    { server: 'dead', name: 'read', inputSchema: OBJECT_SCHEMA },
  ],
});

const STYLE: ItemRef = { type: 'rule', name: 'Style' };
const DEPLOY: ItemRef = { type: 'rule', name: 'Deploy' };
const COMMITS: ItemRef = { type: 'rule', name: 'Commits' };
const READ: ItemRef = { type: 'tool', serverName: 'fs', name: 'read' };

function record(): SessionRecord {
  return newSessionRecord('s1', 'Chat', catalog, NOW);
}

const card = (title: string, text = 'text'): PinTarget => ({ kind: 'card', title, text });
const item = (ref: ItemRef): PinTarget => ({ kind: 'item', ref });

function pin(id: string, target: PinTarget, kind: PinKind, scope?: LeaseScope): Pin {
  return makePin(id, target, kind, scope, NOW);
}

function withPins(...pins: Pin[]): SessionRecord {
  return pins.reduce(withPin, record());
}

/** The ValidationError a call throws. */
function validationError(call: () => unknown): ValidationError {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ValidationError);
  return thrown as ValidationError;
}

const issuePaths = (call: () => unknown) => validationError(call).issues.map((issue) => issue.path);

/** Pin ids with what is left of their turn leases. */
function leases(state: SessionRecord): [string, number | string | null][] {
  return state.pins.map((entry) => [
    entry.id,
    entry.kind !== 'leased'
      ? null
      : entry.lease.kind === 'turns'
        ? entry.lease.remaining
        : entry.lease.kind === 'task'
          ? entry.lease.taskId
          : entry.lease.clusterId,
  ]);
}

describe('newSessionRecord', () => {
  test('holds every enabled always item of the catalog, with includeMode always', () => {
    const fresh = record();
    expect(fresh.contextItems).toEqual([
      { type: 'rule', name: 'Style', includeMode: 'always' },
      { type: 'reference', name: 'Glossary', includeMode: 'always' },
      { type: 'tool', serverName: 'fs', name: 'read', includeMode: 'always' },
    ]);
  });

  test('starts empty otherwise', () => {
    expect(record()).toEqual({
      id: 's1',
      title: 'Chat',
      createdAt: NOW,
      updatedAt: NOW,
      contextItems: expect.any(Array),
      pins: [],
      mode: null,
      taskId: null,
      workspace: null,
      turnCount: 0,
    });
  });
});

describe('withItem and withoutItem', () => {
  test('withItem adds an item by hand as manual, whatever its include mode', () => {
    const added = withItem(withItem(record(), catalog, DEPLOY), catalog, COMMITS);
    expect(added.contextItems.slice(-2)).toEqual([
      { type: 'rule', name: 'Deploy', includeMode: 'manual' },
      { type: 'rule', name: 'Commits', includeMode: 'manual' },
    ]);
  });

  test('withItem keeps the ref only, not the catalog item', () => {
    const added = withItem(record(), catalog, { type: 'rule', name: 'Deploy' });
    expect(Object.keys(added.contextItems.at(-1) ?? {}).sort()).toEqual(['includeMode', 'name', 'type']);
  });

  test('withItem is idempotent: the same record comes back', () => {
    const once = withItem(record(), catalog, DEPLOY);
    expect(withItem(once, catalog, DEPLOY)).toBe(once);
  });

  test('an always item added again keeps includeMode always', () => {
    const fresh = record();
    expect(withItem(fresh, catalog, STYLE)).toBe(fresh);
    expect(withItem(fresh, catalog, READ)).toBe(fresh);
    expect(fresh.contextItems[0]).toEqual({ type: 'rule', name: 'Style', includeMode: 'always' });
  });

  test('withItem of an item the catalog lacks throws NotFoundError', () => {
    const missing: ItemRef = { type: 'rule', name: 'Nope' };
    expect(() => withItem(record(), catalog, missing)).toThrow(NotFoundError);
    expect(() => withItem(record(), catalog, { type: 'tool', serverName: 'web', name: 'read' })).toThrow(
      /tool:web:read/,
    );
  });

  test('withItem does not change the record it is given', () => {
    const fresh = record();
    const before = structuredClone(fresh);
    withItem(fresh, catalog, DEPLOY);
    expect(fresh).toEqual(before);
  });

  test('withoutItem removes the item; removing it again returns the same record', () => {
    const without = withoutItem(record(), STYLE);
    expect(without.contextItems.map((entry) => entry.name)).toEqual(['Glossary', 'read']);
    expect(withoutItem(without, STYLE)).toBe(without);
  });

  test('withoutItem tells tools of different servers apart', () => {
    const fresh = record();
    expect(withoutItem(fresh, { type: 'tool', serverName: 'dead', name: 'read' })).toBe(fresh);
    expect(withoutItem(fresh, { type: 'reference', name: 'Style' })).toBe(fresh);
  });
});

describe('makePin', () => {
  test('a leased pin without a lease is rejected at path lease', () => {
    expect(issuePaths(() => pin('p', card('T'), 'leased'))).toEqual(['lease']);
  });

  test.each(['sticky', 'ephemeral'] as const)('a %s pin with a lease is rejected', (kind) => {
    expect(issuePaths(() => pin('p', card('T'), kind, { kind: 'turns', turns: 2 }))).toEqual(['lease']);
  });

  test.each([0, -1, 1.5, Number.NaN])('a turn lease of %s turns is rejected', (turns) => {
    const error = validationError(() => pin('p', card('T'), 'leased', { kind: 'turns', turns }));
    expect(error.code).toBe('invalid_input');
    expect(error.issues.map((issue) => issue.path)).toEqual(['lease.turns']);
  });

  test('a task lease needs a task id', () => {
    expect(issuePaths(() => pin('p', card('T'), 'leased', { kind: 'task', taskId: '' }))).toEqual([
      'lease.taskId',
    ]);
  });

  test('an unknown pin kind is rejected instead of becoming ephemeral', () => {
    expect(issuePaths(() => pin('p', card('T'), 'stikcy' as PinKind))).toEqual(['kind']);
  });

  test('an unknown lease kind is rejected instead of becoming a task lease', () => {
    expect(
      issuePaths(() => pin('p', card('T'), 'leased', { kind: 'forever' } as unknown as LeaseScope)),
    ).toEqual(['lease.kind']);
  });

  test('builds sticky, ephemeral and leased pins', () => {
    expect(pin('a', card('T'), 'sticky')).toEqual({
      id: 'a',
      kind: 'sticky',
      target: card('T'),
      createdAt: NOW,
    });
    expect(pin('b', card('T'), 'ephemeral')).toEqual({
      id: 'b',
      kind: 'ephemeral',
      target: card('T'),
      createdAt: NOW,
    });
    expect(pin('c', card('T'), 'leased', { kind: 'turns', turns: 3 })).toEqual({
      id: 'c',
      kind: 'leased',
      target: card('T'),
      lease: { kind: 'turns', turns: 3, remaining: 3 },
      createdAt: NOW,
    });
    expect(pin('d', card('T'), 'leased', { kind: 'task', taskId: 'T-1' })).toMatchObject({
      lease: { kind: 'task', taskId: 'T-1' },
    });
  });
});

describe('withPin and withoutPin', () => {
  test('a pin on the same target replaces the old one in its place', () => {
    const state = withPins(
      pin('a', item(STYLE), 'sticky'),
      pin('b', card('Note'), 'ephemeral'),
      pin('c', item({ type: 'rule', name: 'Style' }), 'leased', { kind: 'turns', turns: 2 }),
    );
    expect(state.pins.map((entry) => [entry.id, entry.kind])).toEqual([
      ['c', 'leased'],
      ['b', 'ephemeral'],
    ]);
  });

  test('pins on different targets are kept side by side', () => {
    const state = withPins(
      pin('a', item(STYLE), 'sticky'),
      pin('b', item({ type: 'reference', name: 'Style' }), 'sticky'),
      pin('c', { kind: 'message', messageId: 'm1' }, 'sticky'),
      pin('d', card('Note', 'one'), 'sticky'),
      pin('e', card('Note', 'two'), 'sticky'),
    );
    expect(state.pins.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('two different cards never share a target key', () => {
    expect(pinTargetKey(card('a\nb', 'c'))).not.toBe(pinTargetKey(card('a', 'b\nc')));
    const state = withPins(pin('a', card('a\nb', 'c'), 'sticky'), pin('b', card('a', 'b\nc'), 'sticky'));
    expect(state.pins.map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  test('withoutPin removes by id and is idempotent', () => {
    const state = withPins(pin('a', card('A'), 'sticky'), pin('b', card('B'), 'sticky'));
    const without = withoutPin(state, 'a');
    expect(without.pins.map((entry) => entry.id)).toEqual(['b']);
    expect(withoutPin(without, 'a')).toBe(without);
  });
});

describe('advanceLeases', () => {
  test('a lease of 3 turns survives exactly 2 advances and expires on the 3rd', () => {
    const leased = pin('p', card('T'), 'leased', { kind: 'turns', turns: 3 });
    const first = advanceLeases(withPins(leased));
    expect(first.expired).toEqual([]);
    expect(leases(first.record)).toEqual([['p', 2]]);

    const second = advanceLeases(first.record);
    expect(second.expired).toEqual([]);
    expect(leases(second.record)).toEqual([['p', 1]]);

    const third = advanceLeases(second.record);
    expect(third.record.pins).toEqual([]);
    expect(third.expired.map((entry) => entry.id)).toEqual(['p']);
  });

  test('a lease of 1 turn expires on the first advance', () => {
    const change = advanceLeases(withPins(pin('p', card('T'), 'leased', { kind: 'turns', turns: 1 })));
    expect(change.record.pins).toEqual([]);
    expect(change.expired.map((entry) => entry.id)).toEqual(['p']);
  });

  test('counting down keeps the lease length and the pin order', () => {
    const state = withPins(
      pin('a', card('A'), 'leased', { kind: 'turns', turns: 2 }),
      pin('b', card('B'), 'sticky'),
      pin('c', card('C'), 'leased', { kind: 'turns', turns: 5 }),
    );
    const { record: next } = advanceLeases(state);
    expect(next.pins.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(next.pins[2]).toMatchObject({ lease: { kind: 'turns', turns: 5, remaining: 4 } });
  });

  test('leaves sticky, ephemeral and task-scoped pins alone', () => {
    const kept = [
      pin('s', card('S'), 'sticky'),
      pin('e', card('E'), 'ephemeral'),
      pin('t', card('T'), 'leased', { kind: 'task', taskId: 'T-1' }),
    ];
    let state = withPins(...kept);
    for (let turn = 0; turn < 5; turn++) {
      const change = advanceLeases(state);
      expect(change.expired).toEqual([]);
      state = change.record;
    }
    expect(state.pins).toEqual(kept);
  });

  test('does not change the record it is given', () => {
    const state = withPins(pin('p', card('T'), 'leased', { kind: 'turns', turns: 2 }));
    advanceLeases(state);
    expect(leases(state)).toEqual([['p', 2]]);
  });
});

describe('withTask', () => {
  const task = (id: string, taskId: string) => pin(id, card(id), 'leased', { kind: 'task', taskId });

  test('expires the leases of other tasks only, and sets the task', () => {
    const state = withPins(
      task('a', 'T-1'),
      task('b', 'T-2'),
      pin('s', card('S'), 'sticky'),
      pin('n', card('N'), 'leased', { kind: 'turns', turns: 2 }),
    );
    const change = withTask(state, 'T-1');
    expect(change.record.taskId).toBe('T-1');
    expect(change.expired.map((entry) => entry.id)).toEqual(['b']);
    expect(change.record.pins.map((entry) => entry.id)).toEqual(['a', 's', 'n']);
  });

  test('setting the same task again expires nothing', () => {
    const change = withTask(withTask(withPins(task('a', 'T-1')), 'T-1').record, 'T-1');
    expect(change.expired).toEqual([]);
    expect(change.record.pins.map((entry) => entry.id)).toEqual(['a']);
  });

  test('clearing the task expires every task lease', () => {
    const change = withTask(withPins(task('a', 'T-1'), task('b', 'T-2')), null);
    expect(change.record.taskId).toBeNull();
    expect(change.expired.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(change.record.pins).toEqual([]);
  });
});

describe('withPromotedPin', () => {
  test('an ephemeral pin becomes leased with the scope, same id, target and creation time', () => {
    const ephemeral = makePin('p', item(DEPLOY), 'ephemeral', undefined, '2024-06-01T00:00:00.000Z');
    const state = withPins(pin('s', card('S'), 'sticky'), ephemeral);
    const promoted = withPromotedPin(state, 'p', { kind: 'turns', turns: 2 });
    expect(promoted.pins).toEqual([
      state.pins[0],
      {
        id: 'p',
        kind: 'leased',
        target: item(DEPLOY),
        lease: { kind: 'turns', turns: 2, remaining: 2 },
        createdAt: '2024-06-01T00:00:00.000Z',
      },
    ]);
    const byTask = withPromotedPin(state, 'p', { kind: 'task', taskId: 'T-1' });
    expect(byTask.pins[1]).toMatchObject({ kind: 'leased', lease: { kind: 'task', taskId: 'T-1' } });
  });

  test.each([
    ['sticky', undefined],
    ['leased', { kind: 'turns', turns: 2 }],
  ] as const)('a %s pin is not promoted', (kind, scope) => {
    const state = withPins(pin('p', card('T'), kind, scope));
    const error = validationError(() => withPromotedPin(state, 'p', { kind: 'turns', turns: 3 }));
    expect(error.issues.map((issue) => issue.path)).toEqual(['pins.p']);
    expect(error.issues[0]?.message).toContain(kind);
  });

  test('the promotion scope is validated like any lease', () => {
    const state = withPins(pin('p', card('T'), 'ephemeral'));
    expect(issuePaths(() => withPromotedPin(state, 'p', { kind: 'turns', turns: 0 }))).toEqual([
      'lease.turns',
    ]);
  });

  test('an unknown pin id throws NotFoundError', () => {
    expect(() => withPromotedPin(record(), 'nope', { kind: 'turns', turns: 1 })).toThrow(NotFoundError);
  });
});
