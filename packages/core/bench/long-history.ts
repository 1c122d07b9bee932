/**
 * What long-history support costs: planning a 2,000-message session with the engine's history policy (importance
 * and the history share) against the same input without it, and with a checkpoint standing in for most turns; and
 * storing large content once. Run with `npx tsx --expose-gc bench/long-history.ts` in packages/core; prints JSON.
 */
import { compactText, DEFAULT_LARGE_CONTENT } from '../src/history/index.js';
import { type CheckpointCandidate, type PlanInput, planContext } from '../src/index.js';
import { FIXTURE_SEED, generateCatalog, generateConversation, type ScriptedTurn } from './fixtures.js';
import { machineInfo } from './machine.js';
import { createBench, playTurn, storedInput } from './scenario.js';
import { type TimingPlan, timeCases } from './stats.js';

const TIMING: TimingPlan = { runs: 5, iterations: 200, warmup: 50 };

async function main(): Promise<void> {
  const catalog = generateCatalog();
  const conversation = generateConversation(FIXTURE_SEED + 1, catalog.sessionToolNames);
  const bench = await createBench(catalog);
  let last: Awaited<ReturnType<typeof playTurn>> | undefined;
  for (const turn of conversation) last = await playTurn(bench.session, turn as ScriptedTurn);
  const withPolicy = await storedInput(bench.engine, (last as NonNullable<typeof last>).plan.id);
  const { historyPolicy: _policy, checkpoint: _checkpoint, ...legacy } = withPolicy;
  const toTurn = Math.floor(withPolicy.history.length * 0.8);
  const checkpoint: CheckpointCandidate = {
    kind: 'checkpoint',
    id: 'checkpoint:bench',
    section: 'history',
    tokens: 800,
    hash: 'bench',
    checkpointId: 'bench',
    summary: 'A summary of the earlier conversation.',
    fromTurn: 0,
    toTurn,
  };
  const withCheckpoint: PlanInput = { ...withPolicy, checkpoint };

  const planning = await timeCases(TIMING, {
    legacy: { body: () => planContext(legacy) },
    policy: { body: () => planContext(withPolicy) },
    checkpoint: { body: () => planContext(withCheckpoint) },
  });

  const log = `line of a build log ${'x'.repeat(60)}\n`.repeat(1_250); // 100,000 characters
  const prose = log.replaceAll('x', 'y').slice(0, 15_000); // under the tool-output threshold: scanned, kept
  const image = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAA'.repeat(8_500)}`; // 204,022 characters
  const content = await timeCases(
    { runs: 5, iterations: 20, warmup: 5 },
    {
      toolOutput100k: { body: () => compactText(log, DEFAULT_LARGE_CONTENT, true) },
      dataUrl200k: { body: () => compactText(`Look at ${image}`, DEFAULT_LARGE_CONTENT, false) },
      plainText15k: { body: () => compactText(prose, DEFAULT_LARGE_CONTENT, true) },
    },
  );

  const ms = (value: number) => Math.round(value * 1000) / 1000;
  process.stdout.write(
    `${JSON.stringify(
      {
        machine: machineInfo(),
        messages: bench.session.messages.length,
        historyTurns: withPolicy.history.length,
        planContextMedianMs: {
          withoutPolicy: ms(planning.legacy.median),
          withPolicy: ms(planning.policy.median),
          withCheckpoint: ms(planning.checkpoint.median),
          ratioPolicyToLegacy: ms(planning.policy.median / planning.legacy.median),
        },
        compactTextMedianMs: Object.fromEntries(
          Object.entries(content).map(([name, timing]) => [name, ms(timing.median)]),
        ),
      },
      null,
      2,
    )}\n`,
  );
}

await main();
