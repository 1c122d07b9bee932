/**
 * What a long session costs in memory: 5,000 turns, each calling a tool that returns 200 kB, with the heap measured
 * (after a forced GC) at 1,250, 2,500 and 5,000 turns, and `prepare` timed at the end. On MemoryStore; beside it, in
 * the same process on the same turns, a store that also keeps every plan as it was handed over (history listed in
 * full), as MemoryStore did before plans referred to their turns; and IdbStore on fake-indexeddb, whose rows then
 * live in the same heap. The tool returns the same log each time, so its content is stored once in each; the figure
 * is what plans and messages cost.
 * Run with `pnpm --filter @ctxkit/core bench:heap` (writes bench/heap-results.json).
 */
import { writeFileSync } from 'node:fs';
import 'fake-indexeddb/auto';
import {
  createEngine,
  MemoryStore,
  openIdbStore,
  type Session,
  type Store,
  type StoredPlan,
  type TurnCommit,
} from '../src/index.js';
import { loadAverage, machineInfo } from './machine.js';
import { toJson } from './report.js';
import { collectGarbage, type TimingPlan, timeCases } from './stats.js';

const TURNS = 5_000;
const CHECKPOINTS = [1_250, 2_500, 5_000];
const TIMING: TimingPlan = { runs: 5, iterations: 20, warmup: 5 };
const TOOL_OUTPUT = `${'line of a build log: step ok, 120 files, 0 warnings\n'.repeat(3_900)}`.slice(
  0,
  200_000,
);

/** The store as it kept plans before: every StoredPlan whole, its history listing every turn. */
class CopyingStore extends MemoryStore {
  readonly kept: StoredPlan[] = [];
  override async commitTurn(commit: TurnCommit): Promise<void> {
    await super.commitTurn(commit);
    this.kept.push(...commit.plans);
  }
}

function heapMiB(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

async function run(store: Store) {
  const engine = await createEngine({
    catalog: {
      rules: [{ name: 'Tone', content: 'Answer briefly.' }],
      servers: [{ name: 'ci', include: 'always' }],
      tools: [
        {
          name: 'read_log',
          server: 'ci',
          description: 'Read the build log',
          include: 'always',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    },
    model: 'gpt-4o',
    contextWindow: 128_000,
    reservedOutput: 4_096,
    store,
    learning: false,
  });
  const session = await engine.createSession({ title: 'long' });
  const base = heapMiB();
  const heap: { turns: number; heapMiB: number; perTurnKiB: number }[] = [];
  for (let i = 1; i <= TURNS; i++) {
    const prepared = await session.prepare(`question ${i}: did the build pass?`);
    const id = `call_${i}`;
    const stepped = await session.continue(
      prepared,
      { content: '', toolCalls: [{ id, name: 'read_log', arguments: {} }] },
      [{ toolCallId: id, content: TOOL_OUTPUT }],
    );
    await session.commit(stepped, `answer ${i}: it passed.`);
    if (CHECKPOINTS.includes(i)) {
      const grown = heapMiB() - base;
      heap.push({ turns: i, heapMiB: round(grown), perTurnKiB: round((grown * 1024) / i) });
    }
  }
  const roll = (held: Session) => (prepared: unknown) => held.rollback(prepared as never);
  const timing = await timeCases(TIMING, {
    prepare: { body: (i) => session.prepare(`query ${i} about the log`), after: roll(session) },
  });
  return {
    heap,
    prepareMedianMs: round(timing.prepare?.median ?? Number.NaN),
    messages: session.messages.length,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

async function main(): Promise<void> {
  if (!globalThis.gc) throw new Error('run with --expose-gc');
  const memoryStore = await run(new MemoryStore());
  const copying = await run(new CopyingStore());
  const idb = await run(await openIdbStore({ name: 'heap-bench' }));
  const result = {
    machine: machineInfo(),
    loadAverage: loadAverage(),
    shape: { turns: TURNS, toolOutputChars: TOOL_OUTPUT.length },
    memoryStore,
    plansKeptWhole: copying,
    idbStoreOnFakeIndexedDb: idb,
  };
  writeFileSync(new URL('./heap-results.json', import.meta.url), toJson(result));
  console.table(
    [
      ['MemoryStore', memoryStore],
      ['plans kept whole', copying],
      ['IdbStore (fake-indexeddb)', idb],
    ].flatMap(([name, r]) => (r as typeof memoryStore).heap.map((point) => ({ store: name, ...point }))),
  );
  console.log(
    `prepare median at ${TURNS} turns: MemoryStore ${memoryStore.prepareMedianMs} ms, plans kept whole ${copying.prepareMedianMs} ms, IdbStore ${idb.prepareMedianMs} ms`,
  );
}

await main();
