import { describe, expect, test } from 'vitest';
import { recordProblem } from './record-shape.js';

const row = {
  id: 's',
  title: '',
  createdAt: '',
  updatedAt: '',
  contextItems: [],
  pins: [],
  mode: null,
  taskId: null,
  workspace: null,
  turnCount: 2,
};

describe('stored records with earned leases and served clusters', () => {
  test('rows written before them load; well-formed ones load; malformed ones are refused by name', () => {
    expect(recordProblem(row)).toBeNull();
    const earnedPin = {
      id: 'p',
      kind: 'leased',
      target: { kind: 'card', title: 't', text: 'x' },
      lease: { kind: 'turns', turns: 3, remaining: 3 },
      earned: { turnIds: ['t1', 't2'] },
    };
    const good = {
      ...row,
      pins: [earnedPin],
      earned: {
        uses: { 'rule:A': [{ turn: 1, turnId: 't1' }] },
        dismissed: [{ key: 'rule:B', scope: { kind: 'cluster', clusterId: 'c1' } }],
      },
      servedClusters: [{ id: 'c1', centroid: [1, 0], turnIds: ['t1'], items: ['rule:A'] }],
    };
    expect(recordProblem(good)).toBeNull();
    expect(recordProblem({ ...good, pins: [{ ...earnedPin, earned: { turnIds: 't1' } }] })).toBe(
      'pins[0].earned is not { turnIds: string[] }',
    );
    expect(
      recordProblem({ ...good, earned: { uses: { 'rule:A': [{ turn: -1, turnId: 't' }] }, dismissed: [] } }),
    ).toBe('its earned.uses["rule:A"] is not a list of { turn, turnId }');
    expect(
      recordProblem({ ...good, earned: { uses: {}, dismissed: [{ key: 'k', scope: { kind: 'turns' } }] } }),
    ).toBe('its earned.dismissed[0] is not { key, scope }');
    expect(
      recordProblem({ ...good, servedClusters: [{ id: 'c1', centroid: ['x'], turnIds: [], items: [] }] }),
    ).toBe('its servedClusters[0] is not { id, centroid, turnIds, items }');
  });
});
