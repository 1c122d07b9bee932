import { describe, expect, test } from 'vitest';
import { BudgetError, formatCount } from '../errors/index.js';
import { selectionSummary } from './summary.js';
import {
  agentReasonText,
  exclusionText,
  formatDifference,
  formatTokens,
  formatTokensShort,
  leaseText,
  pillText,
} from './texts.js';

const items = (spec: string) =>
  spec.split(' ').map((entry) => {
    const [type, includeMode] = entry.split(':') as [
      'rule' | 'reference' | 'tool',
      'always' | 'manual' | 'agent',
    ];
    return { type, includeMode };
  });

describe('selectionSummary', () => {
  test('reads as the seed shows it, most frequent mode first', () => {
    expect(
      selectionSummary(
        items(
          'rule:agent rule:always rule:agent rule:always rule:agent reference:manual reference:agent tool:manual tool:manual tool:manual',
        ),
      ),
    ).toBe('5 rules (3 agent, 2 always), 2 references (1 agent, 1 manual), 3 tools (all manual)');
  });

  test('singular nouns, a single item names its mode, and nothing says so', () => {
    expect(selectionSummary(items('rule:always tool:agent'))).toBe('1 rule (always), 1 tool (agent)');
    expect(selectionSummary([])).toBe('No items');
  });
});

describe('labels', () => {
  test('pills carry the agent score; lease scopes say what remains', () => {
    expect(pillText({ includeMode: 'agent', similarityScore: 0.8712 })).toBe('Agent 0.87');
    expect(pillText({ includeMode: 'always' })).toBe('Always');
    expect(leaseText({ kind: 'turns', turns: 3, remaining: 2 })).toBe('2 of 3 turns left');
    expect(leaseText({ kind: 'turns', turns: 1, remaining: 1 })).toBe('1 of 1 turn left');
    expect(leaseText({ kind: 'task', taskId: 'v2' })).toBe('while task v2');
  });

  test('every exclusion reason has words', () => {
    expect(exclusionText({ code: 'budget', needed: 1200, remaining: 300 })).toBe(
      'did not fit: needed 1,200 tokens, 300 left',
    );
    expect(exclusionText({ code: 'mode-limit', mode: 'light', limit: 3 })).toBe(
      "beyond the Light mode's limit of 3",
    );
    expect(exclusionText({ code: 'below-threshold', score: 0.1, threshold: 0.3 })).toBe(
      'score 0.10 below the minimum 0.30',
    );
    expect(exclusionText({ code: 'unavailable', why: 'disabled' })).toBe('disabled in the catalog');
  });

  test('numbers', () => {
    expect(formatDifference(34)).toBe('+34');
    expect(formatDifference(-1200)).toBe('−1,200');
    expect(formatDifference(0)).toBe('±0');
    expect([999, 1000, 1234, 12_345, 128_000].map((tokens) => formatTokensShort(tokens))).toEqual([
      '999',
      '1k',
      '1.2k',
      '12k',
      '128k',
    ]);
  });
});

describe('agentReasonText', () => {
  test('says in words where an agent item came from and that it is active, with its figures', () => {
    expect(agentReasonText({ code: 'agent', score: 0.6234, rank: 1 })).toBe(
      'matches your message (score 0.62, rank 1)',
    );
    expect(
      agentReasonText({
        code: 'agent',
        score: 0.55,
        rank: 2,
        activation: 1.5,
        carried: { relation: 'follow-up', age: 1 },
      }),
    ).toBe(
      'carried from your previous message, which this one follows up (score 0.55, rank 2), active in this conversation',
    );
    expect(
      agentReasonText({ code: 'agent', score: 0.4, rank: 3, carried: { relation: 'shared-terms', age: 2 } }),
    ).toBe('carried from your message 2 back, which shares a subject with this one (score 0.40, rank 3)');
  });
});

describe('numbers in errors', () => {
  test('are written as the meter writes token counts', () => {
    for (const value of [0, 7, 999, 9203, 128_000, 1_048_576])
      expect(formatCount(value)).toBe(formatTokens(value));
    const error = new BudgetError(9203, [{ id: 'rule:A', section: 'rules', tokens: 10_000 }]);
    expect(error.message).toContain(`budget is ${formatTokens(9203)} `);
    expect(error.message).toContain(`(rules, ${formatTokens(10_000)} tokens)`);
  });
});
