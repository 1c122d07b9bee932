import { describe, expect, test } from 'vitest';
import type { ContextPlan } from '../planner/index.js';
import type { Pin, RequestContext } from '../session/index.js';
import { buildContextDetails } from './context-details.js';
import { buildPinRows } from './pins.js';
import { agentReasonText, inclusionText } from './texts.js';

const ref = { type: 'tool', serverName: 'fs', name: 'read_file' } as const;

describe('the views of earned leases and reuse', () => {
  test('an earned lease is marked in its row and its reason; a user lease is not', () => {
    const lease = { kind: 'turns', turns: 3, remaining: 3 } as const;
    const pins: Pin[] = [
      {
        id: 'e',
        kind: 'leased',
        target: { kind: 'item', ref },
        lease,
        createdAt: '',
        earned: { turnIds: ['t1'] },
      },
      { id: 'u', kind: 'leased', target: { kind: 'card', title: 'Goal', text: 'x' }, lease, createdAt: '' },
    ];
    const rows = buildPinRows(pins, [], null).leased;
    expect(rows[0]?.earned).toBe('Kept because the last replies used it');
    expect(rows[1]).not.toHaveProperty('earned');
    expect(inclusionText({ code: 'pinned', pin: 'leased', pinId: 'e', earned: true })).toBe(
      'leased pin the conversation earned: the last replies used it',
    );
    expect(inclusionText({ code: 'pinned', pin: 'leased', pinId: 'u' })).toBe('leased pin');
  });

  test('a reused item says so, and the details name what the request started from', () => {
    expect(agentReasonText({ code: 'agent', score: 0.9, rank: 1, reused: true })).toBe(
      'matches your message (score 0.90, rank 1), served an earlier, similar message',
    );
    const candidate = { kind: 'item', id: 'tool:fs:read_file', ref, section: 'tools', tokens: 5 };
    const plan = {
      included: [{ candidate, reason: { code: 'agent', score: 0.9, rank: 1, reused: true } }],
      excluded: [],
      reuse: {
        clusterId: 'c1',
        fromTurnIds: ['t1'],
        similarity: 0.9,
        items: ['tool:fs:read_file', 'rule:Gone'],
      },
    } as unknown as ContextPlan;
    const context: RequestContext = { items: [], timestamp: '', planId: 'p' };
    const details = buildContextDetails(context, plan);
    expect(details.reuse).toEqual({
      text: 'Started from what served an earlier, similar message',
      items: [
        { key: 'tool:fs:read_file', label: 'fs:read_file', ref },
        { key: 'rule:Gone', label: 'rule:Gone', ref: null },
      ],
      fromTurnIds: ['t1'],
      similarity: 0.9,
    });
    expect(buildContextDetails(context, { ...plan, reuse: undefined } as ContextPlan)).not.toHaveProperty(
      'reuse',
    );
  });
});
