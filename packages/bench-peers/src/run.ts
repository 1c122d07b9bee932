/**
 * ctxkit's request path next to the budget fitting of @vscode/prompt-tsx and LangChain.js `trimMessages`, in one
 * Node process, on one scenario: a 2,000-message history with tool calls, a 200-item catalog, budgets of 8,192
 * and 32,768 tokens. Run with `pnpm bench` (repo root or this package); writes results.json.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadTiktokenCounter, withTokenCache } from '@ctxkit/core';
import { loadAverage, machineInfo } from '../../core/bench/machine.js';
import { type TimingPlan, timeOnce } from '../../core/bench/stats.js';
import {
  CTXKIT_SETUP,
  createCtxkitBench,
  ctxkitPlanRender,
  ctxkitPrepare,
  type Fitter,
  langchain,
  plannedInput,
  promptTsx,
  retrievedFor,
} from './adapters/index.js';
import { messageTokens } from './checks/index.js';
import { CATALOG_SHAPE, createScenario, HISTORY_SHAPE } from './fixtures/index.js';
import { measureFitters } from './measure.js';
import { buildPeerPrompt, type PeerRequest } from './prompt/index.js';
import { type BudgetResult, printReport, toJson } from './report.js';

const TIMING: TimingPlan = { runs: 5, iterations: 15, warmup: 6 };
const BUDGETS = [8_192, 32_768] as const;

/** Looked up on the npm registry on 2026-11-22; neither name exists there, so Priompt is left out. */
const NOT_RUN = [
  {
    name: 'Priompt',
    command: 'npm view @anysphere/priompt; npm view priompt; pnpm add -D @anysphere/priompt',
    error: 'E404 Not Found (https://registry.npmjs.org/@anysphere%2fpriompt and /priompt)',
  },
];

function log(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const machine = machineInfo();
  const scenario = createScenario();
  const prompt = buildPeerPrompt(scenario);
  const base = await loadTiktokenCounter(CTXKIT_SETUP.encoding);
  const calls = TIMING.runs * (TIMING.warmup + TIMING.iterations);
  const checkCounter = withTokenCache(base);
  const historyTokens = prompt.history.reduce(
    (sum, message) => sum + messageTokens(message, checkCounter),
    0,
  );
  let catalogTokens = 0;
  for (const text of prompt.itemText.values()) catalogTokens += checkCounter.count(text);

  const budgets: BudgetResult[] = [];
  for (const [index, budget] of BUDGETS.entries()) {
    log(
      `budget ${budget}: playing ${scenario.turns.length} turns (${HISTORY_SHAPE.messages} messages) into ctxkit`,
    );
    const setup = await timeOnce(() => createCtxkitBench(scenario, budget));
    const bench = setup.result;
    const queries = scenario.queries(calls + 2, index);
    const requests: PeerRequest[] = [];
    for (const query of queries) requests.push(await retrievedFor(bench, query));
    const [first, forPlanner, ...timed] = requests as [PeerRequest, PeerRequest, ...PeerRequest[]];
    const fitters: Fitter[] = [
      ctxkitPrepare(bench) as Fitter,
      promptTsx(prompt, budget, withTokenCache(base)) as Fitter,
      promptTsx(prompt, budget, withTokenCache(base), { keepToolPairs: false }) as Fitter,
      langchain(prompt, budget, withTokenCache(base)) as Fitter,
    ];
    log(`budget ${budget}: timing ${fitters.map((fitter) => fitter.name).join(', ')}`);
    const results = await measureFitters(fitters, timed, first, TIMING, withTokenCache(base));
    // Last, since it commits one more turn to the session: the planner and renderer on that request's input.
    const input = await plannedInput(bench, forPlanner.query);
    const [planner] = await measureFitters(
      [ctxkitPlanRender(input, budget) as Fitter],
      timed,
      forPlanner,
      TIMING,
      withTokenCache(base),
    );
    budgets.push({
      budget,
      ctxkitSetupMs: setup.ms,
      fitters: [...results.slice(0, 1), planner as (typeof results)[number], ...results.slice(1)],
    });
  }

  const results = {
    generatedAt: new Date().toISOString(),
    machine: { ...machine, loadAverageAtEnd: loadAverage() },
    timing: TIMING,
    setup: {
      catalog: CATALOG_SHAPE,
      // Counted with the checks' counter, per-message overheads included.
      tokens: {
        history: historyTokens,
        systemAndSessionItems: checkCounter.count(prompt.system),
        catalogOutsideSession: catalogTokens,
      },
      history: {
        ...HISTORY_SHAPE,
        turns: scenario.turns.length,
        toolCalls: prompt.history.filter((message) => message.role === 'tool').length,
      },
      ctxkit: CTXKIT_SETUP,
      budgets: BUDGETS,
    },
    budgets,
    notRun: NOT_RUN,
    totalSeconds: (performance.now() - started) / 1_000,
  };
  printReport(results);
  const file = fileURLToPath(new URL('../results.json', import.meta.url));
  writeFileSync(file, toJson(results));
  console.log(`\nResults written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
