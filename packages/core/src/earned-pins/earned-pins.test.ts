import { describe, expect, test } from 'vitest';
import type { ItemRef } from '../catalog/index.js';
import { defineCatalog } from '../catalog/index.js';
import type { ErrorIssue } from '../errors/index.js';
import { ValidationError } from '../errors/index.js';
import { newSessionRecord, type Pin, type SessionRecord } from '../session/index.js';
import {
  DEFAULT_EARNED_PINS,
  earnTurn,
  resolveEarnedPins,
  topicShiftLapses,
  withDismissed,
} from './index.js';

const REF: ItemRef = { type: 'rule', name: 'Style' };
const KEY = 'rule:Style';

const blank = (): SessionRecord => newSessionRecord('s', '', defineCatalog({}), '');

function earn(record: SessionRecord, turnId: string, used: string[], clusterId?: string) {
  let id = 0;
  const earned = earnTurn({
    record,
    turnId,
    used,
    ...(clusterId && { clusterId }),
    rules: DEFAULT_EARNED_PINS,
    refOf: (key) => (key === KEY ? REF : undefined),
    newId: () => `pin-${turnId}-${++id}`,
    now: '2026-01-01T00:00:00.000Z',
  });
  return { ...earned, record: { ...earned.record, turnCount: record.turnCount + 1 } };
}

describe('earnTurn', () => {
  test('uses in the window earn a lease of turns, or of the cluster; old uses leave the window', () => {
    let record = blank();
    record = earn(record, 't1', [KEY]).record;
    expect(record.pins).toEqual([]);
    expect(record.earned?.uses[KEY]).toEqual([{ turn: 0, turnId: 't1' }]);
    const turns = earn(record, 't2', [KEY]);
    expect(turns.pins).toEqual([
      expect.objectContaining({
        kind: 'leased',
        target: { kind: 'item', ref: REF },
        lease: { kind: 'turns', turns: 3, remaining: 3 },
        earned: { turnIds: ['t1', 't2'] },
      }),
    ]);
    expect(earn(record, 't2', [KEY], 'c1').pins[0]).toMatchObject({
      lease: { kind: 'cluster', clusterId: 'c1' },
    });
    // Three quiet turns later the first use is out of the window.
    let quiet = record;
    for (const turnId of ['q1', 'q2', 'q3']) quiet = earn(quiet, turnId, []).record;
    expect(quiet.earned).toBeUndefined();
    expect(earn(quiet, 't5', [KEY]).pins).toEqual([]);
  });

  test('an item pinned already, unknown to the catalog, or dismissed is not earned', () => {
    let record = blank();
    record = earn(record, 't1', [KEY, 'rule:Gone']).record;
    const earned = earn(record, 't2', [KEY, 'rule:Gone']);
    expect(earned.pins).toHaveLength(1);
    // Pinned now: used again, it names the turn instead of earning twice.
    const again = earn(earned.record, 't3', [KEY]);
    expect(again.pins).toEqual([]);
    expect(again.record.pins[0]).toMatchObject({ earned: { turnIds: ['t1', 't2', 't3'] } });
    const dismissed = withDismissed(earned.record, earned.pins[0] as Pin);
    expect(dismissed.earned?.uses[KEY]).toBeUndefined();
    const removed = { ...dismissed, pins: [] };
    let after = earn(removed, 't3', [KEY]).record;
    after = earn(after, 't4', [KEY]).record;
    after = earn(after, 't5', [KEY]).record;
    expect(after.pins).toEqual([]);
    // The dismissal lasts the lease's three turns from the removal (turns 2–4); at turn 5 it is earned again.
    expect(earn(after, 't6', [KEY]).pins).toHaveLength(1);
  });

  test('a dismissal scoped to a cluster ends when the conversation leaves it', () => {
    let record = blank();
    record = earn(record, 't1', [KEY], 'c1').record;
    const earned = earn(record, 't2', [KEY], 'c1');
    const dismissed = { ...withDismissed(earned.record, earned.pins[0] as Pin), pins: [] };
    expect(dismissed.earned?.dismissed).toEqual([{ key: KEY, scope: { kind: 'cluster', clusterId: 'c1' } }]);
    let same = earn(dismissed, 't3', [KEY], 'c1').record;
    same = earn(same, 't4', [KEY], 'c1').record;
    expect(same.pins).toEqual([]);
    const other = earn(same, 't5', [KEY], 'c2');
    expect(other.record.earned?.dismissed).toEqual([]);
    expect(other.pins).toHaveLength(1);
  });

  test('a pin the user made is never recorded as a dismissal', () => {
    const record = blank();
    const pin: Pin = {
      id: 'p',
      kind: 'leased',
      target: { kind: 'item', ref: REF },
      lease: { kind: 'turns', turns: 3, remaining: 3 },
      createdAt: '',
    };
    expect(withDismissed(record, pin)).toBe(record);
  });
});

describe('topicShiftLapses', () => {
  const earned: Pin = {
    id: 'p',
    kind: 'leased',
    target: { kind: 'item', ref: REF },
    lease: { kind: 'turns', turns: 3, remaining: 2 },
    createdAt: '',
    earned: { turnIds: ['t1', 't2'] },
  };
  const describe_ = () => 'Style: naming functions and formatting code';
  test('a message that neither follows up nor shares a word with the item ends it', () => {
    expect(topicShiftLapses([earned], 'Which tables hold invoices?', false, describe_)).toEqual([earned]);
    expect(topicShiftLapses([earned], 'How should I format this module?', false, describe_)).toEqual([]);
    expect(topicShiftLapses([earned], 'and the invoices?', true, describe_)).toEqual([]);
    const userPin = { ...earned, earned: undefined } as Pin;
    expect(topicShiftLapses([userPin], 'Which tables hold invoices?', false, describe_)).toEqual([]);
  });
});

describe('resolveEarnedPins', () => {
  test('defaults, overrides, false, and each bad value named by its path', () => {
    const issues: ErrorIssue[] = [];
    expect(resolveEarnedPins(undefined, issues)).toEqual({ uses: 2, window: 3, turns: 3 });
    expect(resolveEarnedPins({ turns: 5 }, issues)).toEqual({ uses: 2, window: 3, turns: 5 });
    expect(resolveEarnedPins(false, issues)).toBeNull();
    expect(issues).toEqual([]);
    resolveEarnedPins({ uses: 3, window: 2, turns: 0 }, issues);
    expect(issues.map((issue) => issue.path)).toEqual(['earnedPins.turns', 'earnedPins.window']);
    expect(new ValidationError('x', issues).issues).toHaveLength(2);
  });
});
