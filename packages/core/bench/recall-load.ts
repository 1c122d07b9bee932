/**
 * The first request with recall on, filling the index from the entries the store kept with each turn, against
 * indexing every stored message and writing the entries (what a database from before schema version 3 costs once)
 * and against the same store without `recallEntries` (recall reads and tokenizes every session: what every first
 * request cost before stores kept entries); the memory the index takes per message; and `commit` alone with recall
 * on. The store is a MemoryStore (the engine's default), filled with the LoCoMo development lines in sessions of 100
 * turns; `--idb` runs the same on fake-indexeddb (much slower than a browser's IndexedDB: its figures compare the two
 * paths, not a browser's speed). Each first request is a new engine on the filled store; the index is rebuilt each
 * time by turning recall off (which drops the entries) and on again. Medians of RUNS first requests.
 *
 *   pnpm --filter @ctxkit/core exec tsx --expose-gc bench/recall-load.ts [--idb]
 */
import { writeFileSync } from 'node:fs';
import { createApproximateCounter, createEngine, MemoryStore, type Store } from '../src/index.js';
import { loadAverage, machineInfo } from './machine.js';
import { benchRecord, fillStore, locomoLines } from './recall-store.js';
import { toJson } from './report.js';
import { collectGarbage, median } from './stats.js';

const IDB = process.argv.includes('--idb');
const SIZES = process.env.RECALL_LOAD_SIZES
  ? process.env.RECALL_LOAD_SIZES.split(',').map(Number)
  : [10_000, 100_000];
const RUNS = 5;

let databases = 0;

async function newStore(): Promise<Store> {
  if (!IDB) return new MemoryStore();
  await import('fake-indexeddb/auto');
  const { openIdbStore } = await import('../src/index.js');
  databases += 1;
  return openIdbStore({ name: `recall-load-${process.pid}-${databases}` });
}

/** Sessions of 100 turns, each committed as the engine's sessions commit: the store keeps recall entries with them. */
async function filledStore(
  messages: number,
  text: readonly string[],
): Promise<{ store: Store; ids: string[] }> {
  const store = await newStore();
  return { store, ids: await fillStore(store, messages, text) };
}

/** The same store without `recallEntries`: recall reads every session and tokenizes it, as before stores kept entries. */
function withoutCapability(store: Store): Store {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'recallEntries') return undefined;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Drops every session's recall entries, as a database from before they were kept has none. */
async function withoutEntries(store: Store, ids: readonly string[]): Promise<void> {
  for (const id of ids) await store.saveSession(benchRecord(id, false));
  for (const id of ids) await store.saveSession(benchRecord(id));
}

const engineOn = (store: Store) =>
  createEngine({
    catalog: {},
    model: 'bench',
    contextWindow: 5_120,
    reservedOutput: 1_024,
    store,
    tokenizer: createApproximateCounter(),
    learning: false,
  });

async function memory(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** A new engine's first request (a reload): ms, and what the index it built holds in memory. */
async function firstRequest(store: Store): Promise<{ ms: number; bytes: number }> {
  const session = await (await engineOn(store)).createSession();
  const before = await memory();
  const started = performance.now();
  session.rollback(await session.prepare('When did Caroline go to the support group?'));
  const ms = performance.now() - started;
  return { ms, bytes: (await memory()) - before };
}

const round = (value: number) => Math.round(value * 100) / 100;

async function main(): Promise<void> {
  if (!globalThis.gc) throw new Error('run with --expose-gc');
  const text = locomoLines();
  const rows = [];
  for (const size of SIZES) {
    const { store, ids } = await filledStore(size, text);
    const fromEntries: number[] = [];
    const rebuilding: number[] = [];
    const bytes: number[] = [];
    const tokenizing: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      tokenizing.push((await firstRequest(withoutCapability(store))).ms);
      await withoutEntries(store, ids);
      rebuilding.push((await firstRequest(store)).ms);
      const loaded = await firstRequest(store);
      fromEntries.push(loaded.ms);
      bytes.push(loaded.bytes);
    }
    // Commit alone (prepare untimed), on an engine whose index is loaded, in a session of its own.
    const session = await (await engineOn(store)).createSession();
    const commits: number[] = [];
    for (let i = 0; i < 30; i++) {
      const prepared = await session.prepare(text[i] as string);
      const started = performance.now();
      await session.commit(prepared, text[i + 1] as string);
      if (i >= 5) commits.push(performance.now() - started);
    }
    rows.push({
      store: IDB ? 'IdbStore (fake-indexeddb)' : 'MemoryStore',
      messages: size,
      'first request, from stored entries (ms)': round(median(fromEntries)),
      'first request, indexing messages and writing entries (ms)': round(median(rebuilding)),
      'first request, store without entries (ms)': round(median(tokenizing)),
      'ratio (without entries / from entries)': round(median(tokenizing) / median(fromEntries)),
      'index memory per message (bytes)': Math.round(median(bytes) / size),
      'commit, recall on (ms)': round(median(commits)),
    });
    process.stderr.write(`  … ${size.toLocaleString('en')} messages done\n`);
  }
  console.table(rows);
  writeFileSync(
    new URL(`./recall-load${IDB ? '-idb' : ''}-results.json`, import.meta.url),
    toJson({ machine: machineInfo(), loadAverage: loadAverage(), runs: RUNS, rows }),
  );
}

await main();
