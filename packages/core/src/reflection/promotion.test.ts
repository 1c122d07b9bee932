import { describe, expect, it } from 'vitest';
import type { Pin } from '../session/index.js';
import { DEFAULT_PROMOTION, lapses, reflectPins } from './promotion.js';

const item = { kind: 'item', ref: { type: 'rule', name: 'A' } } as const;
const ephemeral: Pin = { id: 'e', kind: 'ephemeral', target: item, createdAt: 't' };
const sticky: Pin = { id: 's', kind: 'sticky', target: item, createdAt: 't' };
const leased: Pin = {
  id: 'l',
  kind: 'leased',
  target: item,
  lease: { kind: 'turns', turns: 3, remaining: 1 },
  createdAt: 't',
};
const task: Pin = {
  id: 'k',
  kind: 'leased',
  target: item,
  lease: { kind: 'task', taskId: 'x' },
  createdAt: 't',
};

describe('reflectPins', () => {
  it('counts the turns that referenced an ephemeral pin and promotes it at the threshold', () => {
    const once = reflectPins([ephemeral], new Set(['e']), {}, new Set(), DEFAULT_PROMOTION);
    expect(once.changes).toEqual([]);
    expect(once.pinReferences).toEqual({ e: 1 });
    const unused = reflectPins([ephemeral], new Set(), once.pinReferences, new Set(), DEFAULT_PROMOTION);
    expect(unused.pinReferences).toEqual({ e: 1 });
    const third = reflectPins([ephemeral], new Set(['e']), { e: 2 }, new Set(['e']), DEFAULT_PROMOTION);
    expect(third.pins[0]).toEqual({
      id: 'e',
      kind: 'leased',
      target: item,
      // One more than the lease: the commit counts this turn off right after.
      lease: { kind: 'turns', turns: 5, remaining: 6 },
      createdAt: 't',
    });
    expect(third.changes).toEqual([
      {
        kind: 'promoted',
        pinId: 'e',
        lease: { kind: 'turns', turns: 5 },
        reason: { code: 'referenced-often', turns: 3 },
      },
    ]);
    expect(third.pinReferences).toEqual({});
  });

  it('never touches sticky pins or task leases, and never makes anything sticky', () => {
    const result = reflectPins([sticky, task], new Set(['s', 'k']), { s: 9 }, new Set(['s', 'k']), {
      promoteAfter: 1,
      lease: { kind: 'turns', turns: 2 },
    });
    expect(result.pins).toEqual([sticky, task]);
    expect(result.changes).toEqual([]);
  });

  it('renews a referenced turn lease to its full length, and records it only when it changed', () => {
    const renewed = reflectPins([leased], new Set(['l']), {}, new Set(['l']), DEFAULT_PROMOTION);
    expect(renewed.pins[0]).toMatchObject({ lease: { remaining: 4 } });
    expect(renewed.changes).toEqual([
      { kind: 'renewed', pinId: 'l', remaining: 4, reason: { code: 'referenced' } },
    ]);
    const full = { ...leased, lease: { kind: 'turns', turns: 3, remaining: 4 } } as Pin;
    expect(reflectPins([full], new Set(['l']), {}, new Set(['l']), DEFAULT_PROMOTION).changes).toEqual([]);
    expect(reflectPins([leased], new Set(), {}, new Set(['l']), DEFAULT_PROMOTION).pins).toEqual([leased]);
  });

  it('records lapsed turn leases as unused for their length', () => {
    expect(lapses([leased, task])).toEqual([
      { kind: 'lapsed', pinId: 'l', reason: { code: 'unused', turns: 3 } },
    ]);
  });
});
