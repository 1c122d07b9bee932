/**
 * The @ctxkit/core benchmark: per-turn `prepare` cost with a 10,000-item catalog and a 2,000-message history,
 * the planner, selector and renderer on their own, the core bundle size, the heap of a long session, and the
 * embedding path's overhead on the generated tiny model.
 * Run with `pnpm bench` (from the repo root or this package). Writes bench/results.json.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureBundle } from './bundle.js';
import { measureEmbedding, printEmbeddingReport } from './embedding.js';
import {
  CATALOG_SHAPE,
  FIXTURE_SEED,
  generateCatalog,
  generateConversation,
  generateQueries,
  HISTORY_SHAPE,
  type ScriptedTurn,
  userMessage,
} from './fixtures.js';
import { loadAverage, machineInfo } from './machine.js';
import { measurePoint, type PointResult } from './measure.js';
import { Prng } from './prng.js';
import { buildResults, printReport, toJson } from './report.js';
import { createBench, ENGINE_SETUP, playTurn } from './scenario.js';
import { collectGarbage, type TimingPlan, timeOnce } from './stats.js';

const TIMING: TimingPlan = { runs: 5, iterations: 50, warmup: 20 };
/** The early point: prepare with this many turns committed. */
const EARLY_TURN = 20;
/** How many distinct queries the "retrieved items cached" case cycles through. */
const REPEATED_QUERIES = 10;

function heapMiB(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

function log(message: string): void {
  process.stderr.write(`  … ${message}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const machine = machineInfo();
  if (!machine.gcExposed)
    log('global.gc is not exposed (run with --expose-gc): heap figures include garbage');

  log('generating fixtures');
  const fixtures = await timeOnce(() => {
    const catalog = generateCatalog();
    const conversation = generateConversation(FIXTURE_SEED + 1, catalog.sessionToolNames);
    return { catalog, conversation };
  });
  const { catalog, conversation } = fixtures.result;
  const callsPerPoint = TIMING.runs * (TIMING.warmup + TIMING.iterations);
  // Fresh queries differ per point (a new message costs its tokens); the repeated ones are the same at both.
  const repeated = generateQueries(FIXTURE_SEED + 5, REPEATED_QUERIES);
  const earlyQueries = { fresh: generateQueries(FIXTURE_SEED + 2, callsPerPoint), repeated };
  const lateQueries = { fresh: generateQueries(FIXTURE_SEED + 3, callsPerPoint), repeated };

  log('creating the engine (validating the catalog, loading o200k_base)');
  const setup = await timeOnce(() => createBench(catalog));
  const bench = setup.result;
  const heapBaseline = heapMiB();

  log(`building the session: ${conversation.length} turns, ${HISTORY_SHAPE.messages} messages`);
  const firstTurn = await timeOnce(() => playTurn(bench.session, conversation[0] as ScriptedTurn));
  // Time spent playing turns, without the measurements taken on the way.
  let buildMs = firstTurn.ms;
  let early: PointResult | undefined;
  for (let i = 1; i < conversation.length; i++) {
    const turn = conversation[i] as ScriptedTurn;
    if (i === EARLY_TURN) {
      log(`measuring at turn ${EARLY_TURN} (${bench.session.messages.length} messages)`);
      early = await measurePoint(bench, TIMING, earlyQueries, turn);
    } else {
      buildMs += (await timeOnce(() => playTurn(bench.session, turn))).ms;
    }
  }
  if (!early) throw new Error('the conversation is shorter than the early measuring point');
  if (bench.session.messages.length !== HISTORY_SHAPE.messages)
    throw new Error(`expected ${HISTORY_SHAPE.messages} messages, got ${bench.session.messages.length}`);
  const heapSession = heapMiB();
  const storedPlans = (await bench.engine.store.listPlans(bench.session.id)).length;

  log(`measuring at ${bench.session.messages.length} messages`);
  const extraTurn = { user: userMessage(new Prng(FIXTURE_SEED + 4)), reply: 'Done.' };
  const late = await measurePoint(bench, TIMING, lateQueries, extraTurn);

  log('bundling src/index.ts');
  const bundle = await measureBundle();

  const embedding = await measureEmbedding(log);

  const results = buildResults({
    machine,
    timing: TIMING,
    setup: {
      catalog: {
        ...catalog.counts,
        rules: CATALOG_SHAPE.rules,
        references: CATALOG_SHAPE.references,
        tools: CATALOG_SHAPE.servers * CATALOG_SHAPE.toolsPerServer,
        servers: CATALOG_SHAPE.servers,
      },
      history: { ...HISTORY_SHAPE, turns: conversation.length },
      engine: ENGINE_SETUP,
      sessionItems: bench.session.contextItems.length,
    },
    oneOff: {
      fixturesMs: fixtures.ms,
      createEngineMs: setup.ms,
      firstPrepareAndCommitMs: firstTurn.ms,
      buildSessionMs: buildMs,
    },
    early,
    late,
    memory: { heapBaselineMiB: heapBaseline, heapSessionMiB: heapSession, storedPlans },
    bundle,
    loadAverageAtEnd: loadAverage(),
    totalSeconds: (performance.now() - started) / 1_000,
  });
  printReport(results);
  printEmbeddingReport(embedding);
  const file = fileURLToPath(new URL('./results.json', import.meta.url));
  writeFileSync(file, toJson({ ...results, embedding }));
  console.log(`\nResults written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
