/**
 * Learning from use, measured the way a host runs the engine: every MetaTool dev query is the user message of a turn
 * in a new session (`prepare` in the default light mode); when the plan sent the right tool, the model calls it
 * (`continue` with the call and its result, then `commit`), otherwise it answers without tools (`commit`). The
 * evidence is only what the engine records from those turns. Quality is then scored on the other half of the
 * queries (two folds: learn on one, score on the other, and swap), by ranking each query with the same selector.
 */
import {
  type Catalog,
  createEngine,
  createLexicalSelector,
  type HybridSelector,
  type LearningOptions,
  MemoryStore,
} from '../src/index.js';
import { type Quality, quality } from './metatool.js';

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

/** The function name the model calls for a catalog tool (`<server>__<tool>`). */
function functionName(key: string): string {
  const [, server, name] = key.split(':') as [string, string, string];
  return `${server}__${name}`;
}

/** Runs `queries` through an engine as turns; returns what each turn sent. */
export async function runTurns(
  catalog: Catalog,
  selector: HybridSelector,
  queries: readonly Query[],
): Promise<LoopTurn[]> {
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 16_000,
    catalog,
    selector,
    store: new MemoryStore(),
  });
  const turns: LoopTurn[] = [];
  for (const { query, key } of queries) {
    const session = await engine.createSession();
    const turn = await session.prepare(query);
    const agent = turn.plan.included.filter((entry) => entry.reason.code === 'agent');
    const agentTokens = agent.reduce((sum, entry) => sum + entry.candidate.tokens, 0);
    const right = agent.find((entry) => entry.candidate.id === key);
    if (right) {
      const call = await session.continue(
        turn,
        { content: '', toolCalls: [{ id: 'call_1', name: functionName(key), arguments: {} }] },
        [{ toolCallId: 'call_1', content: '{"ok":true}' }],
      );
      await session.commit(call, 'Here is what the tool found.');
    } else {
      await session.commit(turn, 'I can answer that without a tool.');
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
  /** After learning from the engine loop on the other half. */
  readonly engineLoop: Quality;
  /** After recording the right tool as called for every query of the other half (oracle evidence). */
  readonly oracle: Quality;
  /** Of the learning turns: the share whose plan sent the right tool, and the share of agent tokens not used. */
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

/** Two folds (even and odd positions): learn on one half through the engine loop, score on the other. */
export async function learningLoopFolds(
  catalog: Catalog,
  queries: readonly Query[],
  learning: LearningOptions = {},
): Promise<LoopFigures> {
  const halves = [0, 1].map((parity) => queries.filter((_, i) => i % 2 === parity));
  const without: Quality[] = [];
  const loop: Quality[] = [];
  const oracle: Quality[] = [];
  const learningTurns: LoopTurn[] = [];
  const withoutTurns: LoopTurn[] = [];
  for (const fold of [0, 1]) {
    const train = halves[fold] as Query[];
    const test = halves[1 - fold] as Query[];
    const plain = createLexicalSelector({ learning: false });
    withoutTurns.push(...(await runTurns(catalog, plain, train)));
    without.push(await rank(catalog, plain, test));

    const learner = createLexicalSelector({ store: new MemoryStore(), learning });
    learningTurns.push(...(await runTurns(catalog, learner, train)));
    loop.push(await rank(catalog, learner, test));

    const told = createLexicalSelector({ store: new MemoryStore(), learning });
    for (const { query, key } of train) await told.recordUse({ kind: 'called', query, keys: [key] });
    oracle.push(await rank(catalog, told, test));
  }
  return {
    withoutLearning: meanOf(without),
    engineLoop: meanOf(loop),
    oracle: meanOf(oracle),
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
