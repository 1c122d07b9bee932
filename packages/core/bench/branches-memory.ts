/**
 * What branches and cross-conversation memory cost, against the same work without them, in one process on the same
 * data: opening a branch forked at the end of a 5,000-message session against opening that session, forking it,
 * and `prepare` with 12 memories offered against none. MemoryStore, approximate token counts, so the figures are
 * the core's own work, not a store's. Run with `npx tsx --expose-gc bench/branches-memory.ts` in packages/core.
 */
import { createApproximateCounter, createEngine, MemoryStore, type Session } from '../src/index.js';
import { loadAverage } from './machine.js';
import { type TimingPlan, timeCases } from './stats.js';

const TIMING: TimingPlan = { runs: 5, iterations: 20, warmup: 5 };
const MESSAGES = 5_000;

async function main(): Promise<void> {
  const store = new MemoryStore();
  const options = {
    catalog: { rules: [{ name: 'Tone', content: 'Answer briefly.' }] },
    model: 'bench',
    contextWindow: 128_000,
    reservedOutput: 4_096,
    tokenizer: createApproximateCounter(),
    store,
  };
  const engine = await createEngine(options);
  const root = await engine.createSession({ title: 'long' });
  for (let i = 0; i < MESSAGES / 2; i++) {
    await root.commit(await root.prepare(`question ${i} about the project`), `answer ${i}, with some detail`);
  }
  const forkAt = root.messages.at(-1)?.id as string;
  const branch = await root.fork(forkAt);
  const learned = await engine.createSession({ title: 'learned' });
  await engine.remember(
    learned.id,
    Array.from({ length: 12 }, (_, i) => ({
      kind: 'key-point' as const,
      text: `Key point number ${i} of it`,
    })),
  );
  const withMemories = await engine.createSession();
  const without = await engine.createSession({ memory: false });

  // A fresh engine per open, so nothing is cached between calls.
  const reopen = async (id: string) => (await createEngine(options)).openSession(id);
  const roll = (session: Session) => (prepared: unknown) => session.rollback(prepared as never);
  const results = await timeCases(TIMING, {
    'open 5,000-message session': { body: () => reopen(root.id) },
    'open branch of it (at its end)': { body: () => reopen(branch.id) },
    'fork at its last message': { body: () => root.fork(forkAt) },
    'prepare, no memories': { body: (i) => without.prepare(`query ${i}`), after: roll(without) },
    'prepare, 12 memories offered': {
      body: (i) => withMemories.prepare(`query ${i}`),
      after: roll(withMemories),
    },
  });
  const rows = Object.entries(results).map(([name, timing]) => ({
    case: name,
    'median ms': Number(timing.median.toFixed(3)),
    'p90 ms': Number(timing.p90.toFixed(3)),
  }));
  console.table(rows);
  const ratio = (a: string, b: string) =>
    ((results as Record<string, { median: number }>)[a]?.median ?? 0) /
    ((results as Record<string, { median: number }>)[b]?.median ?? 1);
  console.log(
    `branch ÷ session open: ${ratio('open branch of it (at its end)', 'open 5,000-message session').toFixed(2)}×`,
  );
  console.log(
    `prepare with ÷ without memories: ${ratio('prepare, 12 memories offered', 'prepare, no memories').toFixed(2)}×`,
  );
  console.log(`load average: ${loadAverage().join(' ')}`);
}

await main();
