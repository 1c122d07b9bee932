/**
 * What recall costs: `prepare` with 1,000, 10,000 and 100,000 messages in the store against the same engine with
 * `recall: false`, in one process on the same store; building the index on the first request (what a reload costs);
 * the index's search alone; and `commit` with recall on and off (the index's memory per message is measured by
 * bench/recall-load.ts, apart from the store's entries). The messages are the LoCoMo development
 * lines (real chat text), repeated across sessions of 100 turns, written to a MemoryStore directly (one store per
 * engine, filled alike). The store keeps recall entries with each commit, so the first request fills the index from
 * them; bench/recall-load.ts compares that with indexing every message. Run with `pnpm --filter @ctxkit/core bench:recall` (after the quality figures).
 */
import { writeFileSync } from 'node:fs';
import { createApproximateCounter, createEngine, MemoryStore } from '../src/index.js';
import { RecallIndex } from '../src/recall/recall-index.js';
import { loadAverage, machineInfo } from './machine.js';
import { fillStore, locomoLines } from './recall-store.js';
import { toJson } from './report.js';
import { timeCases } from './stats.js';

const SIZES = [1_000, 10_000, 100_000];

const round = (value: number) => Math.round(value * 100) / 100;

async function main(): Promise<void> {
  if (!globalThis.gc) throw new Error('run with --expose-gc');
  const text = locomoLines();
  const rows = [];
  for (const size of SIZES) {
    // Each engine on a store of its own, filled alike: on a shared store one engine's commits are another's news,
    // and recall would read the other engine's session again after each of them.
    const filled = async () => {
      const store = new MemoryStore();
      await fillStore(store, size, text);
      return store;
    };
    const stores = { on: await filled(), off: await filled() };
    const engineWith = (recall: boolean) =>
      createEngine({
        catalog: {},
        model: 'bench',
        contextWindow: 5_120,
        reservedOutput: 1_024,
        store: recall ? stores.on : stores.off,
        tokenizer: createApproximateCounter(),
        learning: false,
        ...(!recall && { recall: false as const }),
      });
    const on = await (await engineWith(true)).createSession();
    const off = await (await engineWith(false)).createSession();
    const started = performance.now();
    await on.rollback(await on.prepare('When did Caroline go to the support group?'));
    const buildMs = performance.now() - started;
    const questions = text.slice(0, 50).map((line) => `What about ${line.slice(line.indexOf(':') + 2, 60)}?`);
    const timing = await timeCases(
      { runs: 5, iterations: 20, warmup: 5 },
      {
        on: {
          body: (i) => on.prepare(questions[i % questions.length] as string),
          after: (p) => on.rollback(p as never),
        },
        off: {
          body: (i) => off.prepare(questions[i % questions.length] as string),
          after: (p) => off.rollback(p as never),
        },
      },
    );
    // The search alone, on an index of the same messages as the engine indexes them, as it asks (144 hits).
    const index = new RecallIndex();
    for (const record of await stores.on.listSessions()) {
      const loaded = await stores.on.loadSession(record.id);
      for (const [position, message] of (loaded?.messages ?? []).entries()) {
        const spoken =
          message.role === 'user'
            ? message.content
            : message.role === 'assistant'
              ? message.modelReply.content
              : '';
        index.add({
          messageId: message.id,
          sessionId: record.id,
          position,
          text: `${message.role}: ${spoken}`,
          createdAt: message.createdAt,
        });
      }
    }
    const search = await timeCases(
      { runs: 5, iterations: 20, warmup: 5 },
      {
        alone: {
          body: (i) => index.search({ query: questions[i % questions.length] as string, limit: 144 }),
        },
      },
    );
    const commits = await timeCases(
      { runs: 5, iterations: 10, warmup: 2 },
      {
        on: { body: async (i) => on.commit(await on.prepare(questions[i % 50] as string), 'An answer.') },
        off: { body: async (i) => off.commit(await off.prepare(questions[i % 50] as string), 'An answer.') },
      },
    );
    rows.push({
      messages: size,
      'prepare, recall (ms)': round(timing.on?.median ?? Number.NaN),
      'prepare, recall off (ms)': round(timing.off?.median ?? Number.NaN),
      'search alone (ms)': round(search.alone?.median ?? Number.NaN),
      'prepare+commit, recall (ms)': round(commits.on?.median ?? Number.NaN),
      'prepare+commit, off (ms)': round(commits.off?.median ?? Number.NaN),
      'index build on first request (ms)': round(buildMs),
    });
    process.stderr.write(`  … ${size.toLocaleString('en')} messages done\n`);
  }
  console.table(rows);
  writeFileSync(
    new URL('./recall-speed-results.json', import.meta.url),
    toJson({ machine: machineInfo(), loadAverage: loadAverage(), rows }),
  );
}

await main();
