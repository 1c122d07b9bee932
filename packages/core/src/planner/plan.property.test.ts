import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BudgetError, ValidationError } from '../errors/index.js';
import { renderOpenAIChat } from '../render/index.js';
import {
  allCandidates,
  buildPlanInput,
  hasRequiredTool,
  planInputArb,
  planInputSpecArb,
  requiredCandidates,
} from './arbitraries.js';
import {
  type Candidate,
  type CheckpointCandidate,
  type ContextPlan,
  type ExclusionCode,
  type InclusionCode,
  isStableReason,
  type PlanInput,
  planContext,
  planId,
  SECTIONS,
} from './index.js';

const RUNS = { numRuns: 200 };

const INCLUSION_CODES: readonly InclusionCode[] = [
  'system-prompt',
  'session',
  'pinned',
  'agent',
  'memory',
  'recalled',
  'history',
  'checkpoint',
  'current-turn',
  'workspace',
];
const EXCLUSION_CODES: readonly ExclusionCode[] = [
  'budget',
  'history-cutoff',
  'summarized',
  'history-share',
  'below-threshold',
  'mode-limit',
  'agent-share',
  'memory-share',
  'recall-share',
  'duplicate-of-history',
  'duplicate',
  'unavailable',
];

/** Plans, returning the BudgetError instead of throwing it; any other error fails the property. */
function tryPlan(input: PlanInput): ContextPlan | BudgetError {
  try {
    return planContext(input);
  } catch (error) {
    if (error instanceof BudgetError) return error;
    throw error;
  }
}

function planOrSkip(input: PlanInput): ContextPlan | null {
  const outcome = tryPlan(input);
  return outcome instanceof BudgetError ? null : outcome;
}

/** What must fit besides the required candidates: the fixed overhead, and the tool list if a required item is a tool. */
const requiredOverhead = (input: PlanInput) =>
  input.overhead.fixed + (hasRequiredTool(input) ? input.overhead.toolsPresent : 0);

/** An item sent as a card: it brings `expand_card` (a tool) and the cards' block. */
const isCard = (candidate: Candidate) => candidate.kind === 'item' && candidate.card !== undefined;

/**
 * The overhead a plan reports: the tool list is charged once when any tool (or a card, which brings `expand_card`)
 * is actually included, and the cards' own overhead once when any card is.
 */
const expectedOverhead = (input: PlanInput, plan: ContextPlan) =>
  input.overhead.fixed +
  (plan.included.some((entry) => entry.candidate.section === 'tools' || isCard(entry.candidate))
    ? input.overhead.toolsPresent
    : 0) +
  (plan.included.some((entry) => isCard(entry.candidate)) ? (input.overhead.cardsPresent ?? 0) : 0);

const sumTokens = (candidates: readonly { readonly tokens: number }[]) =>
  candidates.reduce((total, candidate) => total + candidate.tokens, 0);

/** Returns a copy of the input in which one candidate object is replaced by another. */
function replaceCandidate(input: PlanInput, target: Candidate, replacement: Candidate): PlanInput {
  const swap = <T extends Candidate>(list: readonly T[]): T[] =>
    list.map((candidate) => (candidate === target ? (replacement as T) : candidate));
  return {
    ...input,
    system: swap(input.system),
    session: swap(input.session),
    pins: swap(input.pins),
    agent: swap(input.agent),
    ...(input.memory && { memory: swap(input.memory) }),
    ...(input.recall && { recall: swap(input.recall) }),
    history: swap(input.history),
    current: input.current === target ? (replacement as PlanInput['current']) : input.current,
    workspace: input.workspace === target ? (replacement as PlanInput['workspace']) : input.workspace,
    ...(input.checkpoint && {
      checkpoint: input.checkpoint === target ? (replacement as CheckpointCandidate) : input.checkpoint,
    }),
  };
}

describe('planContext properties', () => {
  test('never over budget: used ≤ available, used = overhead + included tokens, section totals add up', () => {
    fc.assert(
      fc.property(planInputArb(), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const { budget } = plan;
        expect(budget.available).toBe(input.contextWindow - input.reservedOutput);
        expect(budget.used).toBeLessThanOrEqual(budget.available);
        expect(budget.overhead).toBe(expectedOverhead(input, plan));
        const includedTokens = sumTokens(plan.included.map((entry) => entry.candidate));
        expect(budget.used).toBe(budget.overhead + includedTokens);

        let sectionTokens = 0;
        let sectionIncluded = 0;
        let sectionExcluded = 0;
        for (const section of SECTIONS) {
          const totals = plan.sections[section];
          const mine = plan.included.filter((entry) => entry.candidate.section === section);
          expect(totals.tokens).toBe(sumTokens(mine.map((entry) => entry.candidate)));
          expect(totals.included).toBe(mine.length);
          expect(totals.excluded).toBe(
            plan.excluded.filter((entry) => entry.candidate.section === section).length,
          );
          sectionTokens += totals.tokens;
          sectionIncluded += totals.included;
          sectionExcluded += totals.excluded;
        }
        expect(Object.keys(plan.sections).sort()).toEqual([...SECTIONS].sort());
        expect(sectionTokens).toBe(includedTokens);
        expect(sectionIncluded).toBe(plan.included.length);
        expect(sectionExcluded).toBe(plan.excluded.length);

        // A 'budget' exclusion is genuine: it did not fit then, and would not fit in what is left now.
        const left = budget.available - budget.used;
        for (const { candidate, reason } of plan.excluded) {
          if (reason.code !== 'budget') continue;
          // A tool (or card) that would have been the first one sent also needed the tool list's overhead, and a
          // first card the cards' own.
          const toolList =
            candidate.section === 'tools' || isCard(candidate) ? input.overhead.toolsPresent : 0;
          const cards = isCard(candidate) ? (input.overhead.cardsPresent ?? 0) : 0;
          expect([
            candidate.tokens,
            candidate.tokens + toolList,
            candidate.tokens + cards,
            candidate.tokens + toolList + cards,
          ]).toContain(reason.needed);
          expect(reason.needed).toBeGreaterThan(reason.remaining);
          const toolsSent = plan.included.some(
            (entry) => entry.candidate.section === 'tools' || isCard(entry.candidate),
          );
          const cardsSent = plan.included.some((entry) => isCard(entry.candidate));
          expect(candidate.tokens + (toolsSent ? 0 : toolList) + (cardsSent ? 0 : cards)).toBeGreaterThan(
            left,
          );
        }
      }),
      RUNS,
    );
  });

  test('required items that cannot fit raise BudgetError naming them; otherwise all of them are included', () => {
    let thrown = 0;
    fc.assert(
      fc.property(planInputArb(), (input) => {
        const required = requiredCandidates(input);
        const available = input.contextWindow - input.reservedOutput;
        const overhead = requiredOverhead(input);
        const outcome = tryPlan(input);
        if (overhead + sumTokens(required) > available) {
          thrown++;
          expect(outcome).toBeInstanceOf(BudgetError);
          const error = outcome as BudgetError;
          expect(error.code).toBe('over_budget');
          expect(error.budget).toBe(available - overhead);
          expect(error.requiredTokens).toBe(sumTokens(required));
          const listed = error.required.map((entry) => `${entry.id}|${entry.section}|${entry.tokens}`).sort();
          expect(listed).toEqual(required.map((c) => `${c.id}|${c.section}|${c.tokens}`).sort());
          return;
        }
        expect(outcome).not.toBeInstanceOf(BudgetError);
        const plan = outcome as ContextPlan;
        const included = new Map(plan.included.map((entry) => [entry.candidate, entry.reason.code]));
        for (const candidate of required) {
          expect(included.has(candidate), `${candidate.id} is required`).toBe(true);
          const expected =
            candidate.kind === 'prompt'
              ? 'system-prompt'
              : candidate.kind === 'current'
                ? 'current-turn'
                : candidate.kind === 'workspace'
                  ? 'workspace'
                  : candidate.kind === 'item' && candidate.origin.via === 'session'
                    ? 'session'
                    : 'pinned';
          expect(included.get(candidate)).toBe(expected);
        }
      }),
      RUNS,
    );
    // The arbitrary is meant to overflow now and then; make sure this property exercised that branch.
    expect(thrown).toBeGreaterThan(0);
  });

  test('atoms are never split: included turns carry all their messages and every tool call meets its result', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const before = structuredClone(allCandidates(input).filter((c) => c.kind === 'turn'));
        const plan = planOrSkip(input);
        if (!plan) return;
        const turns = plan.included.flatMap(({ candidate }) =>
          candidate.kind === 'turn' ? [candidate] : [],
        );
        for (const turn of turns) {
          const original = before.find((c) => c.id === turn.id);
          expect(original).toBeDefined();
          expect(turn.messages).toEqual(original?.kind === 'turn' ? original.messages : undefined);
        }

        const { messages } = renderOpenAIChat(plan, { model: 'm' });
        // History is sent whole: the roles of the included turns' messages, in order, right after the system
        // prompt and the checkpoint's summary.
        const summarized = plan.included.some(({ candidate }) => candidate.kind === 'checkpoint');
        const start = (messages[0]?.role === 'system' ? 1 : 0) + (summarized ? 1 : 0);
        const historyRoles = turns.flatMap((turn) => turn.messages.map((message) => message.role));
        expect(messages.slice(start, start + historyRoles.length).map((m) => m.role)).toEqual(historyRoles);

        // Every call is answered by tool messages that follow it at once; every tool message answers a call.
        let open = new Set<string>();
        const answered = new Set<string>();
        for (const message of messages) {
          if (message.role === 'tool') {
            expect(
              open.has(message.tool_call_id),
              `tool message ${message.tool_call_id} answers a call`,
            ).toBe(true);
            open.delete(message.tool_call_id);
            answered.add(message.tool_call_id);
            continue;
          }
          expect([...open], 'calls left without results').toEqual([]);
          open = new Set(
            message.role === 'assistant' ? (message.tool_calls ?? []).map((call) => call.id) : [],
          );
        }
        expect([...open], 'calls left without results').toEqual([]);
        const calls = messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
        expect(calls.every((call) => answered.has(call.id))).toBe(true);
      }),
      RUNS,
    );
  });

  test('same input → same plan byte for byte and same id, also from a structured or JSON clone', () => {
    fc.assert(
      fc.property(planInputArb(), (input) => {
        const first = tryPlan(input);
        const second = tryPlan(input);
        const cloned = tryPlan(structuredClone(input));
        if (first instanceof BudgetError) {
          expect(second).toBeInstanceOf(BudgetError);
          expect((second as BudgetError).message).toBe(first.message);
          expect((cloned as BudgetError).message).toBe(first.message);
        } else {
          expect(JSON.stringify(second)).toBe(JSON.stringify(first));
          expect(JSON.stringify(cloned)).toBe(JSON.stringify(first));
          expect(first.id).toBe(planId(input));
          expect((cloned as ContextPlan).id).toBe(first.id);
        }
        // A stored input is plain data: a JSON round trip replays to the same id.
        expect(planId(JSON.parse(JSON.stringify(input)) as PlanInput)).toBe(planId(input));
      }),
      RUNS,
    );
  });

  test("changing any candidate's tokens or hash changes the plan id", () => {
    fc.assert(
      fc.property(
        planInputArb(),
        fc.nat(),
        fc.integer({ min: 1, max: 1000 }),
        fc.boolean(),
        (input, pick, delta, changeTokens) => {
          const candidates = allCandidates(input);
          const target = candidates[pick % candidates.length] as Candidate;
          const changed = changeTokens
            ? { ...target, tokens: target.tokens + delta }
            : { ...target, hash: `${target.hash}~${delta}` };
          const mutated = replaceCandidate(input, target, changed);
          expect(planId(mutated)).not.toBe(planId(input));
        },
      ),
      RUNS,
    );
  });

  test('every candidate is included or excluded exactly once, with a documented reason that fits its route', () => {
    fc.assert(
      fc.property(planInputArb(), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const candidates = allCandidates(input);
        expect(new Set(candidates).size).toBe(candidates.length);
        const seen = new Map<Candidate, string>();
        for (const { candidate, reason } of plan.included) {
          expect(seen.has(candidate), `${candidate.id} appears twice`).toBe(false);
          expect(INCLUSION_CODES).toContain(reason.code);
          seen.set(candidate, reason.code);
        }
        for (const { candidate, reason } of plan.excluded) {
          expect(seen.has(candidate), `${candidate.id} appears twice`).toBe(false);
          expect(EXCLUSION_CODES).toContain(reason.code);
          seen.set(candidate, reason.code);
        }
        expect(plan.included.length + plan.excluded.length).toBe(candidates.length);

        const allowed = (list: readonly Candidate[], codes: readonly string[]) => {
          for (const candidate of list) expect(codes).toContain(seen.get(candidate));
        };
        allowed(input.system, ['system-prompt']);
        allowed(input.session, ['session', 'unavailable']);
        allowed(input.pins, ['pinned', 'budget', 'duplicate', 'unavailable']);
        allowed(input.agent, [
          'agent',
          'below-threshold',
          'mode-limit',
          'agent-share',
          'budget',
          'duplicate',
          'unavailable',
        ]);
        allowed(input.memory ?? [], ['memory', 'memory-share', 'budget']);
        allowed(input.recall ?? [], [
          'recalled',
          'duplicate-of-history',
          'below-threshold',
          'recall-share',
          'budget',
        ]);
        allowed(input.history, ['history', 'budget', 'history-cutoff', 'summarized', 'history-share']);
        if (input.checkpoint)
          allowed([input.checkpoint], ['checkpoint', 'budget', 'history-cutoff', 'history-share']);
        allowed([input.current], ['current-turn']);
        if (input.workspace) allowed([input.workspace], ['workspace']);
        // An unavailable item is excluded as such, whatever its route.
        for (const candidate of [...input.session, ...input.pins, ...input.agent]) {
          if (candidate.kind === 'item' && candidate.unavailable)
            expect(seen.get(candidate)).toBe('unavailable');
        }
      }),
      RUNS,
    );
  });

  test('no id is included twice; agent items and pins never duplicate session items', () => {
    let duplicates = 0;
    fc.assert(
      fc.property(planInputArb(), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const ids = plan.included.map((entry) => entry.candidate.id);
        expect(new Set(ids).size).toBe(ids.length);
        const sessionIds = new Set(input.session.filter((c) => !c.unavailable).map((c) => c.id));
        for (const { reason } of plan.excluded) if (reason.code === 'duplicate') duplicates++;
        for (const { candidate, reason } of plan.included) {
          if (reason.code === 'agent' || reason.code === 'pinned')
            expect(sessionIds.has(candidate.id)).toBe(false);
        }
        for (const candidate of [...input.agent, ...input.pins]) {
          if (!sessionIds.has(candidate.id)) continue;
          const entry = plan.excluded.find((e) => e.candidate === candidate);
          expect(entry?.reason).toEqual({ code: 'duplicate', of: candidate.id });
        }
      }),
      RUNS,
    );
    expect(duplicates).toBeGreaterThan(0);
  });

  test('history is one contiguous run of the newest turns: nothing older than a turn left out is sent', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const reasons = new Map(
          [...plan.included, ...plan.excluded].map((entry) => [entry.candidate, entry.reason] as const),
        );
        const pinnedTurns = input.pins.filter((pin) => pin.kind === 'turn');
        const allTurns = [...input.history, ...pinnedTurns];
        const newest = Math.max(-1, ...allTurns.map((turn) => turn.turnIndex));
        const excluded = allTurns.filter((turn) => !plan.included.some((entry) => entry.candidate === turn));
        const newestLeftOut = Math.max(-1, ...excluded.map((turn) => turn.turnIndex));
        for (const turn of input.history) {
          const reason = reasons.get(turn);
          if (reason?.code === 'history') {
            expect(turn.turnIndex).toBeGreaterThan(newestLeftOut);
            expect(reason.age).toBe(newest - turn.turnIndex);
          } else {
            expect(['budget', 'history-cutoff', 'history-share', 'summarized']).toContain(reason?.code);
          }
        }
        // Only the first entry left out (newest first) is left out for budget or share; older ones are cut off.
        const historyRoute = [...input.history, ...(input.checkpoint ? [input.checkpoint] : [])];
        expect(
          historyRoute.filter((entry) => ['budget', 'history-share'].includes(reasons.get(entry)?.code ?? ''))
            .length,
        ).toBeLessThanOrEqual(1);
        // A checkpoint is sent only with every later turn that is not pinned: it is the oldest part of the run.
        const checkpoint = input.checkpoint;
        if (checkpoint && reasons.get(checkpoint)?.code === 'checkpoint') {
          for (const turn of input.history)
            if (turn.turnIndex > checkpoint.toTurn) expect(reasons.get(turn)?.code).toBe('history');
          for (const pin of pinnedTurns)
            if (pin.turnIndex > checkpoint.toTurn) expect(reasons.get(pin)?.code).toBe('pinned');
        }
        // Pinned turns come in through their pins, never as history.
        for (const pin of pinnedTurns) expect(['pinned', 'budget']).toContain(reasons.get(pin)?.code);
      }),
      RUNS,
    );
  });

  test("agent items respect the mode's top-k, threshold and share, and each exclusion says which limit", () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const { topK, minScore, maxShare } = input.limits;
        const cap = Math.floor(plan.budget.available * maxShare);
        const agents = plan.included.filter((entry) => entry.reason.code === 'agent');
        expect(agents.length).toBeLessThanOrEqual(topK);
        expect(sumTokens(agents.map((entry) => entry.candidate))).toBeLessThanOrEqual(cap);
        const reasons = new Map(
          [...plan.included, ...plan.excluded].map((entry) => [entry.candidate, entry.reason] as const),
        );
        let count = 0;
        let tokens = 0;
        for (const candidate of input.agent) {
          const score = candidate.origin.via === 'agent' ? candidate.origin.score : Number.NaN;
          const reason = reasons.get(candidate);
          switch (reason?.code) {
            case 'agent':
              expect(reason.score).toBe(score);
              expect(score).toBeGreaterThanOrEqual(minScore);
              expect(count).toBeLessThan(topK);
              count++;
              tokens += candidate.tokens;
              expect(tokens).toBeLessThanOrEqual(cap);
              break;
            case 'below-threshold':
              expect(reason).toEqual({ code: 'below-threshold', score, threshold: minScore });
              expect(score).toBeLessThan(minScore);
              break;
            case 'mode-limit':
              expect(reason).toEqual({ code: 'mode-limit', mode: input.mode, limit: topK });
              expect(count).toBeGreaterThanOrEqual(topK);
              break;
            case 'agent-share':
              expect(reason).toEqual({ code: 'agent-share', cap });
              expect(tokens + candidate.tokens).toBeGreaterThan(cap);
              break;
            case 'budget':
            case 'duplicate':
            case 'unavailable':
              break;
            default:
              throw new Error(`unexpected reason for agent item ${candidate.id}: ${reason?.code}`);
          }
        }
      }),
      RUNS,
    );
  });

  test("mode 'off' with its default limits includes no agent item", () => {
    const offInputs = planInputSpecArb({ fitting: true }).map((spec) =>
      buildPlanInput({ ...spec, mode: 'off', limits: null }),
    );
    fc.assert(
      fc.property(offInputs, (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        expect(plan.included.filter((entry) => entry.reason.code === 'agent')).toEqual([]);
        for (const candidate of input.agent) {
          const reason = [...plan.excluded].find((entry) => entry.candidate === candidate)?.reason;
          expect(['below-threshold', 'mode-limit', 'duplicate', 'unavailable']).toContain(reason?.code);
        }
      }),
      RUNS,
    );
  });

  test('included entries are in prompt order: by section, stable before volatile, catalog order, turn order', () => {
    fc.assert(
      fc.property(planInputArb({ fitting: true }), (input) => {
        const plan = planOrSkip(input);
        if (!plan) return;
        const rank = (section: string) => SECTIONS.indexOf(section as (typeof SECTIONS)[number]);
        for (let i = 1; i < plan.included.length; i++) {
          const a = plan.included[i - 1] as (typeof plan.included)[number];
          const b = plan.included[i] as (typeof plan.included)[number];
          expect(rank(a.candidate.section)).toBeLessThanOrEqual(rank(b.candidate.section));
          if (a.candidate.section !== b.candidate.section) continue;
          if (['rules', 'references', 'tools'].includes(a.candidate.section)) {
            // Stable (system prompt, session, sticky pins) first; inside each group, catalog order.
            expect(!isStableReason(a.reason) && isStableReason(b.reason)).toBe(false);
            if (
              isStableReason(a.reason) === isStableReason(b.reason) &&
              a.candidate.kind === 'item' &&
              b.candidate.kind === 'item'
            ) {
              expect(a.candidate.order).toBeLessThanOrEqual(b.candidate.order);
            }
          }
          if (a.candidate.section === 'pins' || a.candidate.section === 'system') {
            expect(!isStableReason(a.reason) && isStableReason(b.reason)).toBe(false);
          }
          if (a.candidate.kind === 'turn' && b.candidate.kind === 'turn') {
            expect(a.candidate.turnIndex).toBeLessThan(b.candidate.turnIndex);
          }
        }
        // The system prompt keeps its parts in the order given.
        const system = plan.included.filter((entry) => entry.candidate.section === 'system');
        expect(system.map((entry) => entry.candidate)).toEqual(input.system);
        // Pinned turns are history: all included turns sit in the history section.
        for (const { candidate } of plan.included)
          if (candidate.kind === 'turn') expect(candidate.section).toBe('history');
      }),
      RUNS,
    );
  });

  type Mutation = (input: PlanInput, pick: number, n: number) => { input: PlanInput; path: string } | null;
  const pickFrom = <T>(list: readonly T[], pick: number): T | undefined => list[pick % list.length];
  const mutations: Record<string, Mutation> = {
    'negative tokens': (input, pick, n) => {
      const target = pickFrom(allCandidates(input), pick) as Candidate;
      return {
        input: replaceCandidate(input, target, { ...target, tokens: -n }),
        path: `candidates.${target.id}.tokens`,
      };
    },
    'fractional tokens': (input, pick) => {
      const target = pickFrom(allCandidates(input), pick) as Candidate;
      return {
        input: replaceCandidate(input, target, { ...target, tokens: target.tokens + 0.5 }),
        path: `candidates.${target.id}.tokens`,
      };
    },
    'reserved output that fills the window': (input, _pick, n) => ({
      input: { ...input, reservedOutput: input.contextWindow + n - 1 },
      path: 'reservedOutput',
    }),
    'negative overhead': (input, pick, n) => {
      const key = pick % 2 === 0 ? 'fixed' : 'toolsPresent';
      return { input: { ...input, overhead: { ...input.overhead, [key]: -n } }, path: `overhead.${key}` };
    },
    'an id repeated within a list': (input, pick) => {
      const lists = (['system', 'session', 'pins', 'history'] as const).filter(
        (key) => input[key].length > 0,
      );
      const key = pickFrom(lists, pick);
      if (!key) return null;
      const list = input[key] as readonly Candidate[];
      const target = pickFrom(list, pick) as Candidate;
      return { input: { ...input, [key]: [...list, { ...target }] }, path: `candidates.${target.id}` };
    },
    'a pin repeating a history turn': (input, pick) => {
      const target = pickFrom(input.history, pick);
      if (!target) return null;
      const pinned = { ...target, pinned: { pinId: 'again', pin: 'sticky' as const } };
      return { input: { ...input, pins: [...input.pins, pinned] }, path: `candidates.${target.id}` };
    },
    'a session item with another origin': (input, pick, n) => {
      const target = pickFrom(input.session, pick);
      if (!target) return null;
      const origin = { via: 'agent', score: 1, rank: n } as const;
      return { input: replaceCandidate(input, target, { ...target, origin }), path: `session.${target.id}` };
    },
    'a turn among pins without its pin': (input, pick) => {
      const target = pickFrom(input.history, pick);
      if (!target) return null;
      return {
        input: {
          ...input,
          history: input.history.filter((c) => c !== target),
          pins: [...input.pins, target],
        },
        path: `pins.${target.id}`,
      };
    },
  };

  test.each(Object.keys(mutations))(
    'malformed input (%s) raises ValidationError with its path, never a silent drop',
    (name) => {
      const mutate = mutations[name] as Mutation;
      fc.assert(
        fc.property(planInputArb(), fc.nat(), fc.integer({ min: 1, max: 50 }), (valid, pick, n) => {
          const mutated = mutate(valid, pick, n);
          if (!mutated) return;
          let caught: unknown;
          try {
            planContext(mutated.input);
          } catch (error) {
            caught = error;
          }
          expect(caught).toBeInstanceOf(ValidationError);
          const error = caught as ValidationError;
          expect(error.code).toBe('invalid_input');
          expect(error.issues.map((issue) => issue.path)).toContain(mutated.path);
          expect(error.message).toContain(mutated.path);
        }),
        RUNS,
      );
    },
  );
});
