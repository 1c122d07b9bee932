import { describe, expect, test } from 'vitest';
import { ValidationError } from '../errors/index.js';
import { input, turn } from './history.fixtures.js';
import {
  type Candidate,
  type CheckpointCandidate,
  type ContextPlan,
  type HistoryPolicy,
  type ItemCandidate,
  planContext,
  planId,
  type TurnCandidate,
} from './index.js';

function agentItem(name: string, tokens: number, score: number, rank: number): ItemCandidate {
  return {
    kind: 'item',
    id: `reference:${name}`,
    section: 'references',
    tokens,
    hash: `h-${name}`,
    ref: { type: 'reference', name },
    origin: { via: 'agent', score, rank },
    body: { type: 'reference', content: name, description: name },
    order: rank,
  };
}

function checkpoint(toTurn: number, tokens: number): CheckpointCandidate {
  return {
    kind: 'checkpoint',
    id: 'checkpoint:cp',
    section: 'history',
    tokens,
    hash: 'h-cp',
    checkpointId: 'cp',
    summary: 'They set up the project.',
    fromTurn: 0,
    toTurn,
  };
}

const POLICY: HistoryPolicy = { maxShare: 1, recentTurns: 2, errorTurns: 5, decay: 0.5, summarizer: 'none' };

const reasonOf = (plan: ContextPlan, candidate: Candidate) =>
  [...plan.included, ...plan.excluded].find((entry) => entry.candidate === candidate)?.reason;

describe('importance and recency', () => {
  // Five turns of 100 tokens, the newest last; 10 for the current turn.
  const turns = [0, 1, 2, 3, 4].map((i) => turn(i, 100));

  test('without a policy, retrieved items go first and history takes what is left (as before)', () => {
    const item = agentItem('docs', 400, 0.4, 1);
    const plan = planContext(input({ contextWindow: 600, history: turns, agent: [item] }));
    expect(reasonOf(plan, item)?.code).toBe('agent');
    expect(reasonOf(plan, turns[4] as TurnCandidate)).toEqual({ code: 'history', age: 0 });
    expect(reasonOf(plan, turns[3] as TurnCandidate)?.code).toBe('budget');
  });

  test('recent turns come before a retrieved item; older turns compete with it by their decayed weight', () => {
    const strong = agentItem('strong', 100, 0.3, 1);
    const plan = planContext(
      input({ contextWindow: 410, history: turns, agent: [strong], historyPolicy: POLICY }),
    );
    // Ages 0 and 1 are recent (weight 1); age 2 weighs 0.5 and beats 0.3; age 3 weighs 0.25 and loses to it.
    expect(reasonOf(plan, turns[4] as TurnCandidate)).toEqual({
      code: 'history',
      age: 0,
      importance: { level: 'high', weight: 1 },
    });
    expect(reasonOf(plan, turns[2] as TurnCandidate)).toEqual({
      code: 'history',
      age: 2,
      importance: { level: 'medium', weight: 0.5 },
    });
    expect(reasonOf(plan, strong)?.code).toBe('agent');
    expect(reasonOf(plan, turns[1] as TurnCandidate)?.code).toBe('budget');
    expect(reasonOf(plan, turns[0] as TurnCandidate)).toEqual({ code: 'history-cutoff', after: 'turn:u1' });
  });

  test('on a tie between a turn and a retrieved item, the turn goes first', () => {
    const perfect = agentItem('perfect', 100, 1, 1);
    const plan = planContext(
      input({ contextWindow: 110, history: turns.slice(0, 3), agent: [perfect], historyPolicy: POLICY }),
    );
    // Room for one of them: the newest turn (weight 1) ties the perfect match (score 1) and takes it.
    expect(reasonOf(plan, turns[2] as TurnCandidate)?.code).toBe('history');
    expect(reasonOf(plan, perfect)).toEqual({ code: 'budget', needed: 100, remaining: 0 });
  });

  test('a failed tool call among the newest turns is critical, with every turn after it', () => {
    const history = [turn(0, 100), turn(1, 100, true), turn(2, 100), turn(3, 100), turn(4, 100)];
    const item = agentItem('docs', 300, 0.9, 1);
    const plan = planContext(
      input({ contextWindow: 410, history, agent: [item], historyPolicy: { ...POLICY, recentTurns: 1 } }),
    );
    for (const index of [1, 2, 3, 4]) {
      const reason = reasonOf(plan, history[index] as TurnCandidate);
      expect(reason).toEqual(expect.objectContaining({ importance: { level: 'critical', weight: 1 } }));
    }
    // Critical history took the room a 0.9 item would have needed.
    expect(reasonOf(plan, item)?.code).toBe('budget');
    // An error older than errorTurns is just history.
    const late = planContext(input({ history, historyPolicy: { ...POLICY, recentTurns: 1, errorTurns: 3 } }));
    expect(reasonOf(late, history[1] as TurnCandidate)).toEqual(
      expect.objectContaining({ importance: { level: 'low', weight: 0.125 } }),
    );
  });
});

describe('the history share and checkpoints', () => {
  test('turns beyond the share are dropped oldest first, saying whether a summarizer could have helped', () => {
    const turns = [0, 1, 2, 3].map((i) => turn(i, 100));
    const plan = planContext(
      input({ history: turns, historyPolicy: { ...POLICY, maxShare: 0.25, summarizer: 'failed' } }),
    );
    expect(reasonOf(plan, turns[3] as TurnCandidate)?.code).toBe('history');
    expect(reasonOf(plan, turns[2] as TurnCandidate)?.code).toBe('history');
    expect(reasonOf(plan, turns[1] as TurnCandidate)).toEqual({
      code: 'history-share',
      cap: 250,
      summarizer: 'failed',
      importance: { level: 'medium', weight: 0.5 },
    });
    expect(reasonOf(plan, turns[0] as TurnCandidate)).toEqual({ code: 'history-cutoff', after: 'turn:u1' });
  });

  test('a checkpoint replaces the turns it covers and is sent first in history', () => {
    const turns = [0, 1, 2, 3].map((i) => turn(i, 100));
    const cp = checkpoint(1, 30);
    const plan = planContext(input({ history: turns, checkpoint: cp, historyPolicy: POLICY }));
    expect(reasonOf(plan, turns[0] as TurnCandidate)).toEqual({ code: 'summarized', checkpointId: 'cp' });
    expect(reasonOf(plan, turns[1] as TurnCandidate)).toEqual({ code: 'summarized', checkpointId: 'cp' });
    expect(reasonOf(plan, cp)).toEqual({ code: 'checkpoint', checkpointId: 'cp', fromTurn: 0, toTurn: 1 });
    const history = plan.included.filter((entry) => entry.candidate.section === 'history');
    expect(history.map((entry) => entry.candidate.id)).toEqual(['checkpoint:cp', 'turn:u2', 'turn:u3']);
    expect(plan.sections.history.tokens).toBe(230);
  });

  test('a checkpoint is left out when a turn after it does not fit: history stays contiguous', () => {
    const turns = [0, 1, 2, 3].map((i) => turn(i, 100));
    const cp = checkpoint(1, 5);
    const plan = planContext(input({ contextWindow: 120, history: turns, checkpoint: cp }));
    expect(reasonOf(plan, turns[3] as TurnCandidate)?.code).toBe('history');
    expect(reasonOf(plan, turns[2] as TurnCandidate)?.code).toBe('budget');
    expect(reasonOf(plan, cp)).toEqual({ code: 'history-cutoff', after: 'turn:u2' });
  });

  test('the checkpoint and the policy are part of the plan id; inputs without them keep their old ids', () => {
    const turns = [turn(0, 10), turn(1, 10)];
    const plain = input({ history: turns });
    const withPolicy = input({ history: turns, historyPolicy: POLICY });
    const withCheckpoint = input({ history: turns, historyPolicy: POLICY, checkpoint: checkpoint(0, 5) });
    const ids = new Set([planId(plain), planId(withPolicy), planId(withCheckpoint)]);
    expect(ids.size).toBe(3);
    expect(planId({ ...plain, checkpoint: null })).toBe(planId(plain));
    expect(planId(input({ history: turns, historyPolicy: { ...POLICY, decay: 0.6 } }))).not.toBe(
      planId(withPolicy),
    );
  });

  test('a malformed policy or checkpoint is a ValidationError naming the field', () => {
    const bad = input({
      history: [turn(0, 10)],
      historyPolicy: {
        maxShare: 1.5,
        recentTurns: -1,
        errorTurns: 0.5,
        decay: Number.NaN,
        summarizer: 'maybe' as HistoryPolicy['summarizer'],
      },
      checkpoint: { ...checkpoint(0, 5), fromTurn: 2, toTurn: 1 },
    });
    let error: unknown;
    try {
      planContext(bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path).sort()).toEqual([
      'checkpoint.checkpoint:cp',
      'historyPolicy.decay',
      'historyPolicy.errorTurns',
      'historyPolicy.maxShare',
      'historyPolicy.recentTurns',
      'historyPolicy.summarizer',
    ]);
  });
});
