import { describe, expect, test } from 'vitest';
import { BudgetError, ValidationError } from '../errors/index.js';
import type { ChatMessage, PinKind } from '../session/types.js';
import {
  type Candidate,
  type CardCandidate,
  type ContextPlan,
  type CurrentCandidate,
  DEFAULT_CONTEXT_MODE,
  DEFAULT_MODE_LIMITS,
  type ExclusionReason,
  type InclusionReason,
  type ItemCandidate,
  type ItemOrigin,
  isStableReason,
  nextContextMode,
  type PlanInput,
  type PromptCandidate,
  planContext,
  planId,
  type TurnCandidate,
  type WorkspaceCandidate,
} from './index.js';

const AT = '2026-01-01T00:00:00.000Z';

type ItemType = 'rule' | 'reference' | 'tool';

function item(
  type: ItemType,
  name: string,
  tokens: number,
  origin: ItemOrigin,
  extra: { order?: number; unavailable?: 'missing' | 'disabled' } = {},
): ItemCandidate {
  const tool = type === 'tool';
  return {
    kind: 'item',
    id: tool ? `tool:srv:${name}` : `${type}:${name}`,
    section: type === 'rule' ? 'rules' : type === 'reference' ? 'references' : 'tools',
    tokens,
    hash: `h-${name}`,
    ref: tool ? { type, name, serverName: 'srv' } : { type, name },
    origin,
    body: tool
      ? { type: 'tool', functionName: `srv__${name}`, description: name, inputSchema: { type: 'object' } }
      : { type, content: `content of ${name}`, description: name },
    order: extra.order ?? 0,
    ...(extra.unavailable && { unavailable: extra.unavailable }),
  };
}

const sessionItem = (
  name: string,
  tokens: number,
  extra: {
    type?: ItemType;
    includeMode?: 'always' | 'manual';
    order?: number;
    unavailable?: 'missing' | 'disabled';
  } = {},
) =>
  item(
    extra.type ?? 'rule',
    name,
    tokens,
    { via: 'session', includeMode: extra.includeMode ?? 'always' },
    extra,
  );

const agentItem = (
  name: string,
  tokens: number,
  score: number,
  rank: number,
  extra: { type?: ItemType; order?: number; unavailable?: 'missing' | 'disabled' } = {},
) => item(extra.type ?? 'reference', name, tokens, { via: 'agent', score, rank }, extra);

const pinnedItem = (
  name: string,
  tokens: number,
  pin: PinKind,
  extra: { type?: ItemType; order?: number; unavailable?: 'missing' | 'disabled' } = {},
) => item(extra.type ?? 'rule', name, tokens, { via: 'pin', pinId: `p-${name}`, pin }, extra);

function card(pinId: string, pin: PinKind, tokens: number): CardCandidate {
  return {
    kind: 'card',
    id: `pin:${pinId}`,
    section: 'pins',
    tokens,
    hash: `h-${pinId}`,
    pinId,
    pin,
    title: pinId,
    text: `text of ${pinId}`,
  };
}

function prompt(part: 'global' | 'agent', tokens: number): PromptCandidate {
  return {
    kind: 'prompt',
    id: `system:${part}`,
    section: 'system',
    tokens,
    hash: `h-${part}`,
    part,
    name: part,
    text: `${part} prompt`,
  };
}

function turn(index: number, tokens: number, pinned?: { pinId: string; pin: PinKind }): TurnCandidate {
  const messages: ChatMessage[] = [
    { id: `u${index}`, role: 'user', content: `question ${index}`, createdAt: AT },
    { id: `a${index}`, role: 'assistant', modelReply: { content: `answer ${index}` }, createdAt: AT },
  ];
  return {
    kind: 'turn',
    id: `turn:u${index}`,
    section: 'history',
    tokens,
    hash: `h-turn-${index}`,
    turnIndex: index,
    messages,
    ...(pinned && { pinned }),
  };
}

function current(tokens: number): CurrentCandidate {
  return {
    kind: 'current',
    id: 'current:now',
    section: 'current',
    tokens,
    hash: 'h-now',
    message: { id: 'now', role: 'user', content: 'what now?', createdAt: AT },
    steps: [],
  };
}

function workspace(tokens: number): WorkspaceCandidate {
  return {
    kind: 'workspace',
    id: 'workspace',
    section: 'workspace',
    tokens,
    hash: 'h-ws',
    text: 'open files',
  };
}

/** A roomy input with nothing but a 10-token current turn, to be overridden field by field. */
function input(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    contextWindow: 1000,
    reservedOutput: 0,
    mode: 'light',
    limits: { topK: 3, minScore: 0.3, maxShare: 0.5 },
    encoding: 'o200k_base',
    overhead: { fixed: 0, toolsPresent: 0 },
    system: [],
    session: [],
    pins: [],
    agent: [],
    history: [],
    current: current(10),
    workspace: null,
    retrievalSetId: null,
    ...overrides,
  };
}

function reasonOf(plan: ContextPlan, candidate: Candidate): InclusionReason | ExclusionReason | undefined {
  return [...plan.included, ...plan.excluded].find((entry) => entry.candidate === candidate)?.reason;
}

const includedIds = (plan: ContextPlan) => plan.included.map((entry) => entry.candidate.id);

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('inclusion reasons', () => {
  test('system prompt parts are included in their order as system-prompt', () => {
    const global = prompt('global', 20);
    const agentPart = prompt('agent', 5);
    const plan = planContext(input({ system: [global, agentPart] }));
    expect(reasonOf(plan, global)).toEqual({ code: 'system-prompt' });
    expect(reasonOf(plan, agentPart)).toEqual({ code: 'system-prompt' });
    expect(includedIds(plan).slice(0, 2)).toEqual(['system:global', 'system:agent']);
    expect(plan.sections.system).toEqual({ tokens: 25, included: 2, excluded: 0 });
  });

  test('session items are included as session with their include mode', () => {
    const always = sessionItem('A', 10, { includeMode: 'always' });
    const manual = sessionItem('M', 10, { type: 'reference', includeMode: 'manual' });
    const plan = planContext(input({ session: [always, manual] }));
    expect(reasonOf(plan, always)).toEqual({ code: 'session', includeMode: 'always' });
    expect(reasonOf(plan, manual)).toEqual({ code: 'session', includeMode: 'manual' });
  });

  test('pins are included as pinned with their kind and pin id, pinned turns in their place in history', () => {
    const sticky = pinnedItem('S', 10, 'sticky');
    const leased = card('c1', 'leased', 10);
    const ephemeral = card('c2', 'ephemeral', 10);
    const pinnedTurn = turn(1, 10, { pinId: 'pt', pin: 'leased' });
    const plan = planContext(
      input({ pins: [sticky, leased, ephemeral, pinnedTurn], history: [turn(0, 10), turn(2, 10)] }),
    );
    expect(reasonOf(plan, sticky)).toEqual({ code: 'pinned', pin: 'sticky', pinId: 'p-S' });
    expect(reasonOf(plan, leased)).toEqual({ code: 'pinned', pin: 'leased', pinId: 'c1' });
    expect(reasonOf(plan, ephemeral)).toEqual({ code: 'pinned', pin: 'ephemeral', pinId: 'c2' });
    expect(reasonOf(plan, pinnedTurn)).toEqual({ code: 'pinned', pin: 'leased', pinId: 'pt' });
    const turns = plan.included.filter((entry) => entry.candidate.kind === 'turn');
    expect(turns.map((entry) => entry.candidate.id)).toEqual(['turn:u0', 'turn:u1', 'turn:u2']);
  });

  test('agent items are included as agent with their score and rank', () => {
    const hit = agentItem('R', 10, 0.8, 1);
    const plan = planContext(input({ agent: [hit] }));
    expect(reasonOf(plan, hit)).toEqual({ code: 'agent', score: 0.8, rank: 1 });
  });

  test('history turns are included oldest first with age 0 for the newest', () => {
    const turns = [turn(0, 10), turn(1, 10), turn(2, 10)];
    const plan = planContext(input({ history: turns }));
    expect(turns.map((t) => reasonOf(plan, t))).toEqual([
      { code: 'history', age: 2 },
      { code: 'history', age: 1 },
      { code: 'history', age: 0 },
    ]);
    expect(includedIds(plan)).toEqual(['turn:u0', 'turn:u1', 'turn:u2', 'current:now']);
  });

  test('the current turn and the workspace are included, in that order, last', () => {
    const now = current(10);
    const ws = workspace(7);
    const plan = planContext(input({ current: now, workspace: ws, history: [turn(0, 5)] }));
    expect(reasonOf(plan, now)).toEqual({ code: 'current-turn' });
    expect(reasonOf(plan, ws)).toEqual({ code: 'workspace' });
    expect(includedIds(plan).slice(-2)).toEqual(['current:now', 'workspace']);
  });
});

describe('exclusion reasons', () => {
  test('budget: an optional pin that does not fit in what is left says what it needed and what remained', () => {
    const big = card('big', 'leased', 60);
    const small = card('small', 'leased', 30);
    // 100 available − 10 fixed overhead − 10 current = 80; the 60 fits, then 20 remain for the 30.
    const plan = planContext(
      input({
        contextWindow: 150,
        reservedOutput: 50,
        overhead: { fixed: 10, toolsPresent: 0 },
        pins: [big, small],
      }),
    );
    expect(reasonOf(plan, big)).toEqual({ code: 'pinned', pin: 'leased', pinId: 'big' });
    expect(reasonOf(plan, small)).toEqual({ code: 'budget', needed: 30, remaining: 20 });
    expect(plan.budget).toEqual({
      contextWindow: 150,
      reservedOutput: 50,
      available: 100,
      used: 80,
      overhead: 10,
    });
  });

  test('budget then history-cutoff: history stops at the first turn that does not fit, even if older ones would', () => {
    const turns = [turn(0, 5), turn(1, 5), turn(2, 100), turn(3, 20)];
    const plan = planContext(input({ contextWindow: 60, history: turns }));
    // 60 − 10 (current) = 50: the newest (20) fits, the 100-token turn does not, the two 5-token turns are cut off.
    expect(turns.map((t) => reasonOf(plan, t))).toEqual([
      { code: 'history-cutoff', after: 'turn:u2' },
      { code: 'history-cutoff', after: 'turn:u2' },
      { code: 'budget', needed: 100, remaining: 30 },
      { code: 'history', age: 0 },
    ]);
    expect(plan.budget.used).toBe(30);
  });

  test('below-threshold: agent items under the minimum score are left out; a score at the minimum is kept', () => {
    const weak = agentItem('weak', 10, 0.29, 1);
    const exact = agentItem('exact', 10, 0.3, 2);
    const plan = planContext(input({ agent: [exact, weak] }));
    expect(reasonOf(plan, weak)).toEqual({ code: 'below-threshold', score: 0.29, threshold: 0.3 });
    expect(reasonOf(plan, exact)).toEqual({ code: 'agent', score: 0.3, rank: 2 });
  });

  test('mode-limit: agent items beyond the top-k of the mode are left out', () => {
    const hits = [agentItem('a', 1, 0.9, 1), agentItem('b', 1, 0.8, 2), agentItem('c', 1, 0.7, 3)];
    const plan = planContext(
      input({ mode: 'heavy', limits: { topK: 2, minScore: 0, maxShare: 1 }, agent: hits }),
    );
    expect(hits.map((hit) => reasonOf(plan, hit)?.code)).toEqual(['agent', 'agent', 'mode-limit']);
    expect(reasonOf(plan, hits[2] as ItemCandidate)).toEqual({ code: 'mode-limit', mode: 'heavy', limit: 2 });
  });

  test("mode 'off' includes no agent item", () => {
    const hit = agentItem('a', 1, 1, 1);
    const plan = planContext(input({ mode: 'off', limits: DEFAULT_MODE_LIMITS.off, agent: [hit] }));
    expect(reasonOf(plan, hit)).toEqual({ code: 'mode-limit', mode: 'off', limit: 0 });
  });

  test('agent-share: agent items together stay within floor(available × maxShare)', () => {
    const first = agentItem('first', 100, 0.9, 1);
    const second = agentItem('second', 60, 0.8, 2);
    const third = agentItem('third', 50, 0.7, 3);
    // cap = floor(999 × 0.15) = 149: 100 fits, 100 + 60 does not, 100 + 49 would but the third needs 50.
    const plan = planContext(
      input({
        contextWindow: 999,
        limits: { topK: 8, minScore: 0, maxShare: 0.15 },
        agent: [first, second, third],
      }),
    );
    expect(reasonOf(plan, first)?.code).toBe('agent');
    expect(reasonOf(plan, second)).toEqual({ code: 'agent-share', cap: 149 });
    expect(reasonOf(plan, third)).toEqual({ code: 'agent-share', cap: 149 });
    const fourth = agentItem('fourth', 49, 0.6, 4);
    const again = planContext(
      input({
        contextWindow: 999,
        limits: { topK: 8, minScore: 0, maxShare: 0.15 },
        agent: [first, second, fourth],
      }),
    );
    expect(reasonOf(again, fourth)?.code).toBe('agent');
  });

  test('duplicate: an agent item or a pin repeating a session item is left out as duplicate', () => {
    const inSession = sessionItem('Auth', 10);
    const retrieved: ItemCandidate = { ...inSession, origin: { via: 'agent', score: 0.9, rank: 1 } };
    const pinned: ItemCandidate = { ...inSession, origin: { via: 'pin', pinId: 'p1', pin: 'sticky' } };
    const plan = planContext(input({ session: [inSession], pins: [pinned], agent: [retrieved] }));
    expect(reasonOf(plan, inSession)).toEqual({ code: 'session', includeMode: 'always' });
    expect(reasonOf(plan, retrieved)).toEqual({ code: 'duplicate', of: 'rule:Auth' });
    expect(reasonOf(plan, pinned)).toEqual({ code: 'duplicate', of: 'rule:Auth' });
    expect(includedIds(plan)).toEqual(['rule:Auth', 'current:now']);
    expect(plan.budget.used).toBe(20);
  });

  test('duplicate: an agent item repeating a pinned item is left out as duplicate', () => {
    const pinned = pinnedItem('Keep', 10, 'leased');
    const retrieved: ItemCandidate = { ...pinned, origin: { via: 'agent', score: 0.9, rank: 1 } };
    const plan = planContext(input({ pins: [pinned], agent: [retrieved] }));
    expect(reasonOf(plan, retrieved)).toEqual({ code: 'duplicate', of: 'rule:Keep' });
  });

  test('unavailable: missing or disabled items are excluded with why, cost nothing and are not required', () => {
    const missing = sessionItem('Gone', 0, { unavailable: 'missing' });
    const disabled = pinnedItem('Off', 0, 'sticky', { unavailable: 'disabled' });
    const retrieved = agentItem('Stale', 0, 0.9, 1, { unavailable: 'disabled' });
    const plan = planContext(
      input({ contextWindow: 10, session: [missing], pins: [disabled], agent: [retrieved] }),
    );
    expect(reasonOf(plan, missing)).toEqual({ code: 'unavailable', why: 'missing' });
    expect(reasonOf(plan, disabled)).toEqual({ code: 'unavailable', why: 'disabled' });
    expect(reasonOf(plan, retrieved)).toEqual({ code: 'unavailable', why: 'disabled' });
    expect(includedIds(plan)).toEqual(['current:now']);
  });
});

describe('budget', () => {
  test('leased pins go before ephemeral ones when space is short, whatever their input order', () => {
    const ephemeral = card('e', 'ephemeral', 30);
    const leased = card('l', 'leased', 30);
    const plan = planContext(input({ contextWindow: 50, pins: [ephemeral, leased] }));
    expect(reasonOf(plan, leased)?.code).toBe('pinned');
    expect(reasonOf(plan, ephemeral)).toEqual({ code: 'budget', needed: 30, remaining: 10 });
  });

  test('pins come before agent items, which come before history', () => {
    const pin = card('l', 'leased', 30);
    const hit = agentItem('a', 30, 0.9, 1);
    const old = turn(0, 30);
    const plan = planContext(
      input({
        contextWindow: 75,
        limits: { topK: 3, minScore: 0, maxShare: 1 },
        pins: [pin],
        agent: [hit],
        history: [old],
      }),
    );
    // 65 left after the current turn: the pin, then the agent item; the turn gets the last 5.
    expect(reasonOf(plan, pin)?.code).toBe('pinned');
    expect(reasonOf(plan, hit)?.code).toBe('agent');
    expect(reasonOf(plan, old)).toEqual({ code: 'budget', needed: 30, remaining: 5 });
  });

  test('optional candidates that exactly fill what is left are included', () => {
    const pin = card('l', 'leased', 20);
    const hit = agentItem('a', 20, 0.9, 1);
    const old = turn(0, 20);
    const roomy = { topK: 3, minScore: 0, maxShare: 1 };
    const plan = planContext(
      input({ contextWindow: 70, limits: roomy, pins: [pin], agent: [hit], history: [old] }),
    );
    expect(plan.excluded).toEqual([]);
    expect(plan.budget.used).toBe(70);
    const short = planContext(
      input({ contextWindow: 69, limits: roomy, pins: [pin], agent: [hit], history: [old] }),
    );
    expect(reasonOf(short, old)).toEqual({ code: 'budget', needed: 20, remaining: 19 });
  });

  test('the toolsPresent overhead is charged only when a tool is sent', () => {
    const overhead = { fixed: 3, toolsPresent: 12 };
    const noTools = planContext(input({ overhead, session: [sessionItem('R', 10)] }));
    expect(noTools.budget.overhead).toBe(3);
    expect(noTools.budget.used).toBe(3 + 10 + 10);

    const withTool = planContext(input({ overhead, session: [sessionItem('read', 10, { type: 'tool' })] }));
    expect(withTool.budget.overhead).toBe(15);
    expect(withTool.budget.used).toBe(15 + 10 + 10);

    const pinnedTool = planContext(
      input({ overhead, pins: [pinnedItem('write', 10, 'leased', { type: 'tool' })] }),
    );
    expect(pinnedTool.budget.overhead).toBe(15);

    const retrievedTool = planContext(
      input({ overhead, agent: [agentItem('grep', 10, 0.9, 1, { type: 'tool' })] }),
    );
    expect(retrievedTool.budget.overhead).toBe(15);

    // A tool the catalog no longer has is not a candidate that could be sent.
    const goneTool = planContext(
      input({ overhead, session: [sessionItem('gone', 0, { type: 'tool', unavailable: 'missing' })] }),
    );
    expect(goneTool.budget.overhead).toBe(3);

    // A retrieved tool left out is not sent either, so it costs nothing and cannot crowd out required items.
    const weakTool = agentItem('grep', 10, 0.01, 1, { type: 'tool' });
    const tight = planContext(input({ contextWindow: 13, overhead, agent: [weakTool] }));
    expect(tight.budget.overhead).toBe(3);
    expect(tight.excluded.map((entry) => entry.reason.code)).toEqual(['below-threshold']);
  });

  test('the first tool sent carries the tool list overhead when it is weighed against the budget', () => {
    const overhead = { fixed: 0, toolsPresent: 12 };
    // 10 current + 10 tool + 12 overhead = 32: one token short.
    const plan = planContext(
      input({ contextWindow: 31, overhead, agent: [agentItem('grep', 10, 0.9, 1, { type: 'tool' })] }),
    );
    expect(plan.excluded[0]?.reason).toEqual({ code: 'budget', needed: 22, remaining: 21 });
    expect(plan.budget.overhead).toBe(0);
  });

  test('the toolsPresent overhead counts against the required items', () => {
    const tool = sessionItem('read', 10, { type: 'tool' });
    // 10 current + 10 tool + 12 overhead = 32 > 31.
    const error = caught(() =>
      planContext(input({ contextWindow: 31, overhead: { fixed: 0, toolsPresent: 12 }, session: [tool] })),
    );
    expect(error).toBeInstanceOf(BudgetError);
    expect((error as BudgetError).budget).toBe(19);
    expect(
      planContext(input({ contextWindow: 32, overhead: { fixed: 0, toolsPresent: 12 }, session: [tool] }))
        .budget.used,
    ).toBe(32);
  });

  test('required items exactly filling the budget fit', () => {
    const plan = planContext(
      input({ contextWindow: 40, overhead: { fixed: 5, toolsPresent: 0 }, session: [sessionItem('R', 25)] }),
    );
    expect(plan.budget.used).toBe(40);
    expect(plan.budget.available).toBe(40);
  });

  test('optional candidates never cause a BudgetError', () => {
    const plan = planContext(
      input({
        contextWindow: 10,
        pins: [card('l', 'leased', 500), card('e', 'ephemeral', 500)],
        agent: [agentItem('a', 500, 0.9, 1)],
        history: [turn(0, 500)],
      }),
    );
    expect(includedIds(plan)).toEqual(['current:now']);
    expect(plan.excluded.map((entry) => entry.reason.code).sort()).toEqual([
      'agent-share',
      'budget',
      'budget',
      'budget',
    ]);
  });
});

describe('BudgetError', () => {
  test('lists every required item and names the largest ones in its message', () => {
    const session = [
      sessionItem('A', 500),
      sessionItem('B', 300, { type: 'reference' }),
      sessionItem('C', 5),
      sessionItem('D', 200),
      sessionItem('E', 100, { type: 'tool' }),
      sessionItem('F', 50),
    ];
    const sticky = card('s', 'sticky', 400);
    const leased = card('l', 'leased', 1000);
    const error = caught(() =>
      planContext(
        input({
          contextWindow: 1000,
          reservedOutput: 100,
          overhead: { fixed: 8, toolsPresent: 12 },
          system: [prompt('global', 20)],
          session,
          pins: [sticky, leased],
          current: current(10),
          workspace: workspace(15),
        }),
      ),
    );
    expect(error).toBeInstanceOf(BudgetError);
    const budgetError = error as BudgetError;
    expect(budgetError.code).toBe('over_budget');
    expect(budgetError.budget).toBe(900 - 20);
    expect(budgetError.requiredTokens).toBe(20 + 1155 + 400 + 10 + 15);
    expect(budgetError.required.map((entry) => entry.id).sort()).toEqual(
      [
        'system:global',
        'rule:A',
        'reference:B',
        'rule:C',
        'rule:D',
        'tool:srv:E',
        'rule:F',
        'pin:s',
        'current:now',
        'workspace',
      ].sort(),
    );
    expect(budgetError.required).toContainEqual({ id: 'rule:A', section: 'rules', tokens: 500 });
    // The leased pin is optional: it is not blamed.
    expect(budgetError.message).not.toContain('pin:l');
    expect(budgetError.message).toContain('Required context needs 1,600 tokens but the budget is 880');
    expect(budgetError.message).toContain(
      'Largest required items: rule:A (rules, 500 tokens), pin:s (pins, 400 tokens), ' +
        'reference:B (references, 300 tokens), rule:D (rules, 200 tokens), tool:srv:E (tools, 100 tokens).',
    );
    for (const small of ['rule:F', 'rule:C', 'workspace', 'current:now', 'system:global'])
      expect(budgetError.message).not.toContain(`${small} (`);
  });

  test('a required current turn larger than the window alone is reported, not dropped', () => {
    const error = caught(() => planContext(input({ contextWindow: 100, current: current(101) })));
    expect(error).toBeInstanceOf(BudgetError);
    expect((error as BudgetError).required).toEqual([{ id: 'current:now', section: 'current', tokens: 101 }]);
  });

  test('a message too long for what the rest of the required context leaves is named as the cause', () => {
    const error = caught(() =>
      planContext(input({ contextWindow: 100, current: current(101) })),
    ) as BudgetError;
    expect(error.tooLong).toBe('message');
    expect(error.messageTokens).toBe(101);
    expect(error.messageRoom).toBe(error.budget);
    expect(error.message).toContain(`The message needs 101 tokens but only ${error.budget} fit`);
    expect(error.message).not.toContain('current:now');
    // When what else is required does not fit either, shortening the message is not the advice.
    const context = new BudgetError(100, [
      { id: 'rule:A', section: 'rules', tokens: 150 },
      { id: 'current:now', section: 'current', tokens: 20 },
    ]);
    expect([context.tooLong, context.messageRoom, context.messageTokens]).toEqual(['context', 0, 20]);
    expect(context.message).toContain('Remove items from the session');
  });
});

describe('ValidationError', () => {
  const issuesOf = (bad: PlanInput) => {
    const error = caught(() => planContext(bad));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).code).toBe('invalid_input');
    return (error as ValidationError).issues;
  };

  test('reservedOutput must leave room for the prompt', () => {
    expect(issuesOf(input({ contextWindow: 1000, reservedOutput: 1000 })).map((i) => i.path)).toEqual([
      'reservedOutput',
    ]);
    expect(issuesOf(input({ contextWindow: 1000, reservedOutput: 4000 })).map((i) => i.path)).toEqual([
      'reservedOutput',
    ]);
    expect(planContext(input({ contextWindow: 1000, reservedOutput: 990 })).budget.available).toBe(10);
  });

  test('token counts must be integers ≥ 0, wherever the candidate is', () => {
    expect(issuesOf(input({ session: [sessionItem('Neg', -1)] })).map((i) => i.path)).toEqual([
      'candidates.rule:Neg.tokens',
    ]);
    expect(issuesOf(input({ agent: [agentItem('Neg', -5, 0.9, 1)] })).map((i) => i.path)).toEqual([
      'candidates.reference:Neg.tokens',
    ]);
    expect(issuesOf(input({ current: current(1.5) })).map((i) => i.path)).toEqual([
      'candidates.current:now.tokens',
    ]);
    expect(issuesOf(input({ history: [turn(0, Number.NaN)] })).map((i) => i.path)).toEqual([
      'candidates.turn:u0.tokens',
    ]);
  });

  test('ids must be unique, except pins and agent items repeating a session item', () => {
    expect(issuesOf(input({ history: [turn(1, 1), turn(1, 2)] })).map((i) => i.path)).toEqual([
      'candidates.turn:u1',
    ]);
    expect(
      issuesOf(input({ session: [sessionItem('X', 1), sessionItem('X', 2)] })).map((i) => i.path),
    ).toEqual(['candidates.rule:X']);
    expect(
      issuesOf(input({ pins: [card('c', 'sticky', 1), card('c', 'leased', 1)] })).map((i) => i.path),
    ).toEqual(['candidates.pin:c']);
    // A turn both pinned and in the history would be sent twice.
    expect(
      issuesOf(input({ pins: [turn(0, 1, { pinId: 'p', pin: 'sticky' })], history: [turn(0, 1)] })).map(
        (i) => i.path,
      ),
    ).toEqual(['candidates.turn:u0']);
  });

  test('several problems are reported together, each with its path, and named in the message', () => {
    const error = caught(() =>
      planContext(
        input({
          contextWindow: 0,
          limits: { topK: -1, minScore: 2, maxShare: Number.NaN },
          overhead: { fixed: -1, toolsPresent: 0 },
        }),
      ),
    ) as ValidationError;
    const paths = error.issues.map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'contextWindow',
        'limits.topK',
        'limits.minScore',
        'limits.maxShare',
        'overhead.fixed',
      ]),
    );
    for (const path of paths) expect(error.message).toContain(path);
  });

  test('a session item must come from the session, and a pinned turn must say which pin holds it', () => {
    const stray = item('rule', 'Stray', 5, { via: 'agent', score: 1, rank: 1 });
    expect(issuesOf(input({ session: [stray] })).map((i) => i.path)).toEqual(['session.rule:Stray']);
    expect(issuesOf(input({ pins: [turn(0, 1)] })).map((i) => i.path)).toEqual(['pins.turn:u0']);
    const notPin = item('rule', 'NotPin', 5, { via: 'session', includeMode: 'always' });
    expect(issuesOf(input({ pins: [notPin] })).map((i) => i.path)).toEqual(['pins.rule:NotPin']);
  });
});

describe('prompt order and ids', () => {
  test('within a section, stable items come first, each group in catalog order', () => {
    const agentRule = agentItem('Retrieved', 5, 0.9, 1, { type: 'rule', order: 1 });
    const sessionRule = sessionItem('Session', 5, { order: 5 });
    const stickyRule = pinnedItem('Sticky', 5, 'sticky', { order: 9 });
    const leasedRule = pinnedItem('Leased', 5, 'leased', { order: 0 });
    const plan = planContext(
      input({
        session: [sessionRule],
        pins: [stickyRule, leasedRule],
        agent: [agentRule],
        limits: { topK: 3, minScore: 0, maxShare: 1 },
      }),
    );
    expect(includedIds(plan)).toEqual([
      'rule:Session',
      'rule:Sticky',
      'rule:Leased',
      'rule:Retrieved',
      'current:now',
    ]);
  });

  test('sections come in SECTIONS order whatever the input order', () => {
    const plan = planContext(
      input({
        workspace: workspace(1),
        history: [turn(0, 1)],
        pins: [card('c', 'sticky', 1)],
        agent: [agentItem('tool', 1, 0.9, 1, { type: 'tool' })],
        session: [sessionItem('ref', 1, { type: 'reference' }), sessionItem('rule', 1)],
        system: [prompt('global', 1)],
      }),
    );
    expect(plan.included.map((entry) => entry.candidate.section)).toEqual([
      'system',
      'rules',
      'references',
      'tools',
      'pins',
      'history',
      'current',
      'workspace',
    ]);
  });

  test('the plan id is the hash of the input and changes with the budget, mode, limits or any candidate', () => {
    const base = input({ session: [sessionItem('R', 10)], history: [turn(0, 10)] });
    const plan = planContext(base);
    expect(plan.id).toBe(planId(base));
    expect(plan.id).toMatch(/^[0-9a-f]{16}$/);
    const variants: PlanInput[] = [
      { ...base, contextWindow: 1001 },
      { ...base, reservedOutput: 1 },
      { ...base, mode: 'heavy' },
      { ...base, limits: { ...base.limits, topK: 4 } },
      { ...base, encoding: 'cl100k_base' },
      { ...base, overhead: { fixed: 1, toolsPresent: 0 } },
      { ...base, retrievalSetId: 'rs-1' },
      { ...base, workspace: workspace(0) },
      { ...base, history: [] },
      { ...base, session: [{ ...(base.session[0] as ItemCandidate), tokens: 11 }] },
    ];
    const ids = new Set([plan.id, ...variants.map(planId)]);
    expect(ids.size).toBe(variants.length + 1);
  });

  test('planning reads its input without changing it', () => {
    const deepFreeze = <T>(value: T): T => {
      if (value && typeof value === 'object') {
        for (const inner of Object.values(value)) deepFreeze(inner);
        Object.freeze(value);
      }
      return value;
    };
    const frozen = deepFreeze(
      input({
        session: [sessionItem('R', 10)],
        pins: [card('e', 'ephemeral', 10), card('l', 'leased', 10)],
        agent: [agentItem('a', 10, 0.9, 1)],
        history: [turn(0, 10), turn(1, 10)],
      }),
    );
    const snapshot = structuredClone(frozen);
    const plan = planContext(frozen);
    expect(frozen).toEqual(snapshot);
    expect(JSON.stringify(planContext(snapshot))).toBe(JSON.stringify(plan));
  });
});

describe('modes', () => {
  test('nextContextMode cycles auto → off → light → heavy → auto', () => {
    expect(nextContextMode('auto')).toBe('off');
    expect(nextContextMode('off')).toBe('light');
    expect(nextContextMode('light')).toBe('heavy');
    expect(nextContextMode('heavy')).toBe('auto');
    expect(nextContextMode(nextContextMode(nextContextMode(nextContextMode(DEFAULT_CONTEXT_MODE))))).toBe(
      DEFAULT_CONTEXT_MODE,
    );
  });

  test('default limits: off retrieves nothing, light sends cards of many matches (the best with text), heavy full bodies with examples', () => {
    expect(DEFAULT_CONTEXT_MODE).toBe('light');
    expect(DEFAULT_MODE_LIMITS).toEqual({
      off: { topK: 0, minScore: 1, maxShare: 0 },
      light: { topK: 12, minScore: 0, maxShare: 0.15, shape: 'cards', cardTokens: 8, describedCards: 3 },
      heavy: { topK: 8, minScore: 0.15, maxShare: 0.4, shape: 'full', examples: true },
    });
    expect(Object.isFrozen(DEFAULT_MODE_LIMITS.light)).toBe(true);
  });

  test('isStableReason: system prompt, session items and sticky pins are stable; the rest is per request', () => {
    expect(isStableReason({ code: 'system-prompt' })).toBe(true);
    expect(isStableReason({ code: 'session', includeMode: 'manual' })).toBe(true);
    expect(isStableReason({ code: 'pinned', pin: 'sticky', pinId: 'p' })).toBe(true);
    expect(isStableReason({ code: 'pinned', pin: 'leased', pinId: 'p' })).toBe(false);
    expect(isStableReason({ code: 'pinned', pin: 'ephemeral', pinId: 'p' })).toBe(false);
    expect(isStableReason({ code: 'agent', score: 1, rank: 1 })).toBe(false);
    expect(isStableReason({ code: 'history', age: 0 })).toBe(false);
    expect(isStableReason({ code: 'current-turn' })).toBe(false);
  });
});
