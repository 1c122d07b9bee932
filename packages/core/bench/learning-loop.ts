/**
 * Learning from use, measured the way a host runs the engine: every MetaTool dev query is the user message of a turn
 * in a new session (`prepare` in the default light mode), answered by a simulated model (a `Responder`); the
 * evidence is only what the engine records from those turns. Quality is then scored on the other half of the
 * queries (two folds: learn on one, score on the other, and swap), by ranking each query with the same selector.
 */
import {
  type Catalog,
  type ContextPlan,
  createEngine,
  createLexicalSelector,
  type HybridSelector,
  type LearningOptions,
  MemoryStore,
} from '../src/index.js';
import { referenceWeight, type UseEvent } from '../src/retrieval/index.js';
import { type Quality, quality } from './metatool.js';
import { Prng } from './prng.js';

/**
 * How the simulated model answers a turn:
 * - `honest`: it calls the right tool when the plan sent it, else answers without tools and names none;
 * - `all-referenced`: it calls nothing and names every tool it was sent, as the demo's local responder does;
 * - `verbose`: it calls the right tool when sent, and its reply names every tool it was sent;
 * - `half-referenced`: it calls nothing and names the right tool when sent, and each other one with probability ½
 *   (seeded): references that discriminate somewhat, what the weight of references is tuned on.
 */
export type Responder = 'honest' | 'all-referenced' | 'verbose' | 'half-referenced';

export const RESPONDERS: readonly Responder[] = ['honest', 'all-referenced', 'verbose', 'half-referenced'];

export interface Query {
  readonly query: string;
  readonly key: string;
}

export interface LoopTurn {
  /** The plan sent the right tool. */
  readonly rightSent: boolean;
  /** Agent tokens the plan sent, and how many of them were the tool the model called. */
  readonly agentTokens: number;
  readonly usedTokens: number;
}

/** The function name the model calls for a plan's entry: the tool's own, as the request rendered it. */
function functionName(entry: ContextPlan['included'][number]): string {
  const { candidate } = entry;
  return candidate.kind === 'item' && candidate.body?.type === 'tool' ? candidate.body.functionName : '';
}

/** Light mode before cards: up to three matches scoring 0.3 or more, sent in full. */
export const LIGHT_IN_FULL = { topK: 3, minScore: 0.3, maxShare: 0.15, shape: 'full' } as const;

/**
 * Runs `queries` through an engine as turns answered by `responder`; returns what each turn sent. With `fullUpTo`,
 * the references' weight is recomputed with that share instead of the engine's default (for tuning it).
 */
export async function runTurns(
  catalog: Catalog,
  selector: HybridSelector,
  queries: readonly Query[],
  responder: Responder = 'honest',
  fullUpTo?: number,
): Promise<LoopTurn[]> {
  // What the reply of the turn being committed could have referenced: sent, less what was called.
  let couldReference = 0;
  const reweigh = (event: UseEvent): UseEvent => {
    if (fullUpTo === undefined || event.kind !== 'referenced') return event;
    return { ...event, weight: referenceWeight(event.keys.length, couldReference, fullUpTo) };
  };
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 16_000,
    catalog,
    selector: {
      name: selector.name,
      select: (request) => selector.select(request),
      recordUse: (event) => selector.recordUse(reweigh(event)),
      flush: () => selector.flush(),
    },
    store: new MemoryStore(),
    // The figures of docs/retrieval.md are of light mode as it was: up to three tools sent in full. Light mode's cards
    // are measured by `pnpm bench:modes` (docs/modes.md).
    modeLimits: { light: LIGHT_IN_FULL },
  });
  const turns: LoopTurn[] = [];
  const prng = new Prng(31);
  for (const { query, key } of queries) {
    const session = await engine.createSession();
    const turn = await session.prepare(query);
    const agent = turn.plan.included.filter((entry) => entry.reason.code === 'agent');
    const agentTokens = agent.reduce((sum, entry) => sum + entry.candidate.tokens, 0);
    const right = agent.find((entry) => entry.candidate.id === key);
    const calls = right !== undefined && (responder === 'honest' || responder === 'verbose');
    const named =
      responder === 'half-referenced' ? agent.filter((entry) => entry === right || prng.chance(0.5)) : agent;
    const names = named.map(functionName).join(', ');
    couldReference = agent.length - (calls ? 1 : 0);
    const reply =
      responder === 'honest'
        ? calls
          ? 'Here is what the tool found.'
          : 'I can answer that without a tool.'
        : names === ''
          ? 'I can answer that without a tool.'
          : `I was given these tools: ${names}.`;
    if (calls) {
      const call = await session.continue(
        turn,
        {
          content: '',
          toolCalls: [{ id: 'call_1', name: functionName(right as (typeof agent)[number]), arguments: {} }],
        },
        [{ toolCallId: 'call_1', content: '{"ok":true}' }],
      );
      await session.commit(call, reply);
    } else {
      await session.commit(turn, reply);
    }
    turns.push({ rightSent: right !== undefined, agentTokens, usedTokens: right?.candidate.tokens ?? 0 });
  }
  await selector.flush();
  return turns;
}

async function rank(catalog: Catalog, selector: HybridSelector, queries: readonly Query[]): Promise<Quality> {
  const rankings: string[][] = [];
  for (const { query } of queries) {
    const set = await selector.select({ query, catalog, exclude: new Set(), limit: 10, peek: true });
    rankings.push(set.hits.map((hit) => hit.key));
  }
  return quality(
    rankings,
    queries.map((entry) => entry.key),
  );
}

const meanOf = (values: readonly Quality[]): Quality => ({
  queries: values.reduce((sum, value) => sum + value.queries, 0),
  recallAt1: values.reduce((sum, value) => sum + value.recallAt1, 0) / values.length,
  recallAt5: values.reduce((sum, value) => sum + value.recallAt5, 0) / values.length,
  mrrAt10: values.reduce((sum, value) => sum + value.mrrAt10, 0) / values.length,
});

export interface LoopFigures {
  /** The same selector with learning switched off, scored on the held-out half. */
  readonly withoutLearning: Quality;
  /** After learning from the engine loop on the other half, by how the simulated model answered. */
  readonly engineLoop: Readonly<Record<Responder, Quality>>;
  /** After recording the right tool as called for every query of the other half (oracle evidence). */
  readonly oracle: Quality;
  /** Of the honest learning turns: the share whose plan sent the right tool, and the share of agent tokens not used. */
  readonly learningTurns: { readonly rightSent: number; readonly waste: number };
  readonly withoutLearningTurns: { readonly rightSent: number; readonly waste: number };
}

function turnFigures(turns: readonly LoopTurn[]) {
  const agent = turns.reduce((sum, turn) => sum + turn.agentTokens, 0);
  const used = turns.reduce((sum, turn) => sum + turn.usedTokens, 0);
  return {
    rightSent: turns.filter((turn) => turn.rightSent).length / (turns.length || 1),
    waste: agent === 0 ? 0 : 1 - used / agent,
  };
}

export interface FoldOptions {
  readonly learning?: LearningOptions;
  readonly responders?: readonly Responder[];
  /** Recompute references' weight with this share (see `runTurns`); the engine's default otherwise. */
  readonly fullUpTo?: number;
  /** Skip the oracle (it does not depend on the responder or the share). */
  readonly oracle?: boolean;
}

/** Two folds (even and odd positions): learn on one half through the engine loop, score on the other. */
export async function learningLoopFolds(
  catalog: Catalog,
  queries: readonly Query[],
  { learning = {}, responders = RESPONDERS, fullUpTo, oracle: withOracle = true }: FoldOptions = {},
): Promise<LoopFigures> {
  const halves = [0, 1].map((parity) => queries.filter((_, i) => i % 2 === parity));
  const without: Quality[] = [];
  const loop = new Map<Responder, Quality[]>(responders.map((responder) => [responder, []]));
  const oracle: Quality[] = [];
  const learningTurns: LoopTurn[] = [];
  const withoutTurns: LoopTurn[] = [];
  for (const fold of [0, 1]) {
    const train = halves[fold] as Query[];
    const test = halves[1 - fold] as Query[];
    const plain = createLexicalSelector({ learning: false });
    withoutTurns.push(...(await runTurns(catalog, plain, train)));
    without.push(await rank(catalog, plain, test));

    for (const responder of responders) {
      const learner = createLexicalSelector({ store: new MemoryStore(), learning });
      const turns = await runTurns(catalog, learner, train, responder, fullUpTo);
      if (responder === 'honest') learningTurns.push(...turns);
      loop.get(responder)?.push(await rank(catalog, learner, test));
    }

    if (withOracle) {
      const told = createLexicalSelector({ store: new MemoryStore(), learning });
      for (const { query, key } of train) await told.recordUse({ kind: 'called', query, keys: [key] });
      oracle.push(await rank(catalog, told, test));
    }
  }
  return {
    withoutLearning: meanOf(without),
    engineLoop: Object.fromEntries(
      [...loop].map(([responder, values]) => [responder, meanOf(values)]),
    ) as Record<Responder, Quality>,
    oracle: withOracle ? meanOf(oracle) : meanOf(without),
    learningTurns: turnFigures(learningTurns),
    withoutLearningTurns: turnFigures(withoutTurns),
  };
}

/**
 * Every query once, in order, through one learning engine: the share of turns whose plan sent the right tool, per
 * window of `window` turns, with and without learning. Learning should make it rise as turns go by.
 */
export async function learningCurve(
  catalog: Catalog,
  queries: readonly Query[],
  window = 500,
): Promise<{ readonly window: number; readonly withLearning: number[]; readonly withoutLearning: number[] }> {
  const share = (turns: readonly LoopTurn[]) => {
    const windows: number[] = [];
    for (let start = 0; start < turns.length; start += window) {
      const part = turns.slice(start, start + window);
      windows.push(part.filter((turn) => turn.rightSent).length / part.length);
    }
    return windows;
  };
  const learned = await runTurns(catalog, createLexicalSelector({ store: new MemoryStore() }), queries);
  const plain = await runTurns(catalog, createLexicalSelector({ learning: false }), queries);
  return { window, withLearning: share(learned), withoutLearning: share(plain) };
}

export interface Tuning {
  /** The share up to which references count in full, for each candidate: the worst and mean gain in Recall@5. */
  readonly candidates: readonly {
    readonly fullUpTo: number;
    readonly worstGainAt5: number;
    readonly meanGainAt5: number;
  }[];
  readonly chosen: number;
}

/**
 * Chooses the share up to which references count in full (`referenceWeight`) on `queries` alone (the tuning part):
 * the candidate whose worst gain in Recall@5 over no learning, across the responders that reference, is highest
 * (ties: the higher mean gain, then the larger share).
 */
export async function tuneReferenceShare(
  catalog: Catalog,
  queries: readonly Query[],
  candidates: readonly number[],
): Promise<Tuning> {
  const responders: Responder[] = ['all-referenced', 'verbose', 'half-referenced'];
  const rows: Tuning['candidates'][number][] = [];
  for (const fullUpTo of candidates) {
    const figures = await learningLoopFolds(catalog, queries, { responders, fullUpTo, oracle: false });
    const gains = responders.map(
      (responder) => figures.engineLoop[responder].recallAt5 - figures.withoutLearning.recallAt5,
    );
    rows.push({
      fullUpTo,
      worstGainAt5: Math.min(...gains),
      meanGainAt5: gains.reduce((sum, gain) => sum + gain, 0) / gains.length,
    });
  }
  const best = [...rows].sort(
    (a, b) => b.worstGainAt5 - a.worstGainAt5 || b.meanGainAt5 - a.meanGainAt5 || b.fullUpTo - a.fullUpTo,
  )[0];
  return { candidates: rows, chosen: best?.fullUpTo ?? 1 };
}
