/**
 * Light mode on MetaTool: how often a light-mode request carries the right tool (in full or as a card), fresh and
 * after learning from use, and the agent tokens it costs, for the engine's light mode as it was (three full tools)
 * and as cards. Run with `pnpm bench:modes`; writes bench/modes-results.json.
 *
 * Protocol. Each dev query is the user message of a turn in a new session. "Carried": the plan includes the query's
 * tool as an agent item, in full or as a card. Agent tokens: the agent items' tokens, plus, when cards are sent, the
 * `expand_card` tool and the `<cards>` block they bring (the tool list's own overhead, paid by any request with a
 * tool, is left out of both). After learning: two folds (learn on the even queries of the part through the engine
 * loop, measure on the odd ones with the same selector, and the other way round; the mean). The simulated model is
 * honest: when the right tool was sent in full it calls it; as a card, it asks for it with `expand_card`, then calls
 * it; otherwise it answers without tools. The engine records only what those turns show. Nothing uses the answer
 * key except the simulated model's choice of what to call, as a model that read the request would.
 *
 * Tuning. The number of cards is chosen on dev queries 1–1,500 (the highest after-learning rate whose mean agent
 * tokens stay within the old light mode's on the same queries) and reported on 1,501–3,000, which the choice never
 * saw. The card cap and the number of cards with text (the rest show the name only) are fixed, not tuned (below).
 * MODES_GRID='[[topK, describedCards], …]' replaces the grid (for exploring; the figures are of the default).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Catalog,
  type ContextPlan,
  createEngine,
  createLexicalSelector,
  type HybridSelector,
  MemoryStore,
  type ModeLimits,
  TOKEN_OVERHEAD,
} from '../src/index.js';
import { LIGHT_IN_FULL } from './learning-loop.js';
import { machineInfo } from './machine.js';
import { loadMetaTool } from './metatool.js';
import { toJson } from './report.js';

interface Query {
  readonly query: string;
  readonly key: string;
}

interface Turn {
  readonly carried: boolean;
  readonly asCard: boolean;
  /** Carried as a card that shows the name only. */
  readonly nameOnly: boolean;
  readonly agentTokens: number;
}

const CARD_TOKENS = 8;

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function log(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}

/** What the plan spent on agent items: their tokens, and what the first card brought with it. */
function agentTokensOf(plan: ContextPlan): number {
  let tokens = 0;
  let tools = false;
  for (const { candidate, reason } of plan.included) {
    if (candidate.section === 'tools') tools = true;
    if (reason.code === 'agent') tokens += candidate.tokens;
  }
  const cards = plan.included.some(({ candidate }) => candidate.kind === 'item' && candidate.card);
  const toolsPresent = tools || cards ? TOKEN_OVERHEAD.toolsPresent : 0;
  // What the overhead holds beyond the fixed part and the tool list's: the cards' block and `expand_card`.
  const cardsPresent = plan.budget.overhead - TOKEN_OVERHEAD.message - TOKEN_OVERHEAD.reply - toolsPresent;
  return tokens + (cards ? cardsPresent : 0);
}

function functionNameOf(plan: ContextPlan, key: string): string {
  for (const { candidate } of plan.included)
    if (candidate.kind === 'item' && candidate.id === key && candidate.body?.type === 'tool')
      return candidate.body.functionName;
  return '';
}

/** Runs `queries` as turns; with `learn`, answers them as the honest model and commits, else rolls each back. */
async function runTurns(
  catalog: Catalog,
  selector: HybridSelector,
  limits: ModeLimits,
  queries: readonly Query[],
  learn: boolean,
): Promise<Turn[]> {
  const engine = await createEngine({
    model: 'gpt-4o-mini',
    contextWindow: 16_000,
    catalog,
    selector,
    modeLimits: { light: limits },
    store: new MemoryStore(),
  });
  const turns: Turn[] = [];
  for (const { query, key } of queries) {
    const session = await engine.createSession();
    let turn = await session.prepare(query);
    const plan = turn.plan;
    const right = plan.included.find(
      ({ candidate, reason }) => reason.code === 'agent' && candidate.kind === 'item' && candidate.id === key,
    );
    const asCard = right?.candidate.kind === 'item' && right.candidate.card !== undefined;
    const nameOnly = right?.candidate.kind === 'item' && right.candidate.card?.nameOnly === true;
    turns.push({ carried: right !== undefined, asCard, nameOnly, agentTokens: agentTokensOf(plan) });
    if (!learn) {
      session.rollback(turn);
      continue;
    }
    if (!right) {
      await session.commit(turn, 'I can answer that without a tool.');
      continue;
    }
    if (asCard) {
      const name = right.candidate.kind === 'item' ? right.candidate.ref.name : '';
      turn = await session.continue(
        turn,
        { content: '', toolCalls: [{ id: 'expand_1', name: 'expand_card', arguments: { name } }] },
        [{ toolCallId: 'expand_1', content: 'defined' }],
      );
    }
    const name = functionNameOf(turn.plan, key);
    const called = await session.continue(
      turn,
      { content: '', toolCalls: [{ id: 'call_1', name, arguments: {} }] },
      [{ toolCallId: 'call_1', content: '{"ok":true}' }],
    );
    await session.commit(called, 'Here is what the tool found.');
  }
  await selector.flush();
  return turns;
}

interface Figures {
  readonly carried: number;
  readonly asCard: number;
  readonly asNameOnly: number;
  readonly meanAgentTokens: number;
}

function figuresOf(turns: readonly Turn[]): Figures {
  const n = turns.length || 1;
  return {
    carried: turns.filter((turn) => turn.carried).length / n,
    asCard: turns.filter((turn) => turn.asCard).length / n,
    asNameOnly: turns.filter((turn) => turn.nameOnly).length / n,
    meanAgentTokens: turns.reduce((sum, turn) => sum + turn.agentTokens, 0) / n,
  };
}

/** Fresh on `test`, and after learning from `train` through the engine loop. */
async function heldOut(
  catalog: Catalog,
  limits: ModeLimits,
  train: readonly Query[],
  test: readonly Query[],
) {
  const fresh = await runTurns(catalog, createLexicalSelector({ learning: false }), limits, test, false);
  const selector = createLexicalSelector({ store: new MemoryStore() });
  await runTurns(catalog, selector, limits, train, true);
  const learned = await runTurns(catalog, selector, limits, test, false);
  return { fresh: figuresOf(fresh), afterLearning: figuresOf(learned) };
}

/** Fresh (no learning) over all of `queries`, and after learning (two folds within them). */
async function measure(catalog: Catalog, limits: ModeLimits, queries: readonly Query[]) {
  const fresh = await runTurns(catalog, createLexicalSelector({ learning: false }), limits, queries, false);
  const halves = [0, 1].map((parity) => queries.filter((_, i) => i % 2 === parity));
  const learned: Turn[] = [];
  for (const fold of [0, 1]) {
    const selector = createLexicalSelector({ store: new MemoryStore() });
    await runTurns(catalog, selector, limits, halves[fold] as Query[], true);
    learned.push(...(await runTurns(catalog, selector, limits, halves[1 - fold] as Query[], false)));
  }
  return { fresh: figuresOf(fresh), afterLearning: figuresOf(learned) };
}

const rounded = (value: { fresh: Figures; afterLearning: Figures }) => ({
  fresh: {
    carried: round(value.fresh.carried),
    asCard: round(value.fresh.asCard),
    asNameOnly: round(value.fresh.asNameOnly),
    meanAgentTokens: round(value.fresh.meanAgentTokens, 1),
  },
  afterLearning: {
    carried: round(value.afterLearning.carried),
    asCard: round(value.afterLearning.asCard),
    asNameOnly: round(value.afterLearning.asNameOnly),
    meanAgentTokens: round(value.afterLearning.meanAgentTokens, 1),
  },
});

async function main(): Promise<void> {
  const started = performance.now();
  const data = loadMetaTool();
  const { catalog, directory } = data;
  // MODES_QUERIES=n runs on the first n queries only (a quick check of the script, not a figure).
  const queries = data.queries.slice(0, Number(process.env.MODES_QUERIES ?? data.queries.length));
  const tunePart = queries.slice(0, queries.length / 2);
  const reportPart = queries.slice(queries.length / 2);
  const before: ModeLimits = LIGHT_IN_FULL;

  log('the old light mode (three full tools) on the tuning part');
  const beforeTune = await measure(catalog, before, tunePart);
  const ceiling = Math.max(beforeTune.fresh.meanAgentTokens, beforeTune.afterLearning.meanAgentTokens);
  log(`  ${JSON.stringify(rounded(beforeTune))}`);

  // The card cap is not tuned: the simulated model picks the right tool from any card, so the benchmark cannot tell
  // whether a card says enough; 8 tokens keeps a purpose of five or six words. For the same reason the number of
  // cards with their text is not tuned either (fewer would always look better here, down to names alone): the best
  // three keep it, as many as the old light mode sent in full. Only how many name-only cards follow them is chosen.
  const grid: ModeLimits[] = (
    JSON.parse(process.env.MODES_GRID ?? '[[11,3],[12,3],[13,3],[14,3]]') as [number, number][]
  ).map(([topK, describedCards]) => ({
    topK,
    minScore: 0,
    maxShare: 0.15,
    shape: 'cards',
    cardTokens: CARD_TOKENS,
    describedCards,
  }));
  const rows = [];
  for (const limits of grid) {
    const figures = await measure(catalog, limits, tunePart);
    const row = { limits, ...rounded(figures) };
    log(`  ${JSON.stringify(row)}`);
    rows.push({ limits, figures });
  }
  const within = rows.filter(
    ({ figures }) =>
      Math.max(figures.fresh.meanAgentTokens, figures.afterLearning.meanAgentTokens) <= ceiling,
  );
  const chosen = [...within].sort(
    (a, b) =>
      b.figures.afterLearning.carried - a.figures.afterLearning.carried ||
      b.figures.fresh.carried - a.figures.fresh.carried ||
      a.figures.afterLearning.meanAgentTokens - b.figures.afterLearning.meanAgentTokens,
  )[0];
  if (!chosen) throw new Error('no card setting stays within the old light mode tokens');
  log(`chosen on the tuning part: ${JSON.stringify(chosen.limits)}`);

  log('reported on the held-out part: the old light mode and the chosen cards');
  const beforeReport = await heldOut(catalog, before, tunePart, reportPart);
  const cardsReport = await heldOut(catalog, chosen.limits, tunePart, reportPart);
  const results = {
    machine: machineInfo(),
    data: { directory, tools: catalog.items.length, queries: queries.length },
    protocol:
      'each dev query a turn in a new session; carried = the plan includes the right tool as an agent item (full or ' +
      'card; asNameOnly: as a card showing the name only); agent tokens = agent items + the expand_card tool and <cards> block when cards are sent; after ' +
      'learning = honest simulated model (calls the right tool when sent; expands its card first). Tuning: the number ' +
      'of cards (3 with text, the rest name-only; not tuned) on dev queries 1-1,500, two folds within them, the ' +
      'highest after-learning rate within the old light mode tokens. ' +
      'Held out: measured on 1,501-3,000, learning from turns on 1,500 (1-1,500), which the measure never saw',
    tuning: {
      oldLight: rounded(beforeTune),
      tokenCeiling: round(ceiling, 1),
      grid: rows.map(({ limits, figures }) => ({ limits, ...rounded(figures) })),
      chosen: chosen.limits,
    },
    heldOut: { oldLight: rounded(beforeReport), cards: rounded(cardsReport) },
    totalSeconds: round((performance.now() - started) / 1000, 1),
  };
  console.log(JSON.stringify(results, null, 2));
  const file = fileURLToPath(new URL('./modes-results.json', import.meta.url));
  writeFileSync(file, toJson(results));
  console.log(`\nResults written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
