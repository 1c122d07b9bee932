// Runs in Chromium (driven by bench/idb/run.ts): reopening a 20,000-message session on the real IndexedDB, as after
// a reload, with the engine's default tokenizer, and its first `prepare`.
import { createEngine, type Engine, openIdbStore, type Store } from '../../src/index.js';
import { Prng } from '../prng.js';

export interface LongOpenResult {
  readonly messages: number;
  readonly buildSeconds: number;
  /** `engine.openSession` on a new store object and engine, ms, one per run. */
  readonly open: readonly number[];
  /** The first `session.prepare`, right after that opening resolves, ms. */
  readonly firstPrepare: readonly number[];
  /** The first `session.prepare` a second after the opening (an app's user takes longer to type), ms. */
  readonly firstPrepareAfterASecond: readonly number[];
  /** A later `prepare` of the same session, ms. */
  readonly laterPrepare: readonly number[];
}

const TURNS = 10_000;
const RUNS = 7;
const WORDS =
  'the a file config user table query result error read write open close list find test data value build deploy cache'.split(
    ' ',
  );

function sentence(prng: Prng, words: number): string {
  return Array.from({ length: words }, () => prng.pick(WORDS)).join(' ');
}

let engines = 0;

function engineOn(store: Store): Promise<Engine> {
  let id = 0;
  const prefix = `l${(engines++).toString(36)}-`;
  return createEngine({
    catalog: {
      rules: [{ name: 'Tone', content: 'Answer briefly and precisely.', include: 'always' }],
      servers: [{ name: 'filesystem', include: 'agent' }],
      tools: [
        {
          server: 'filesystem',
          name: 'read_file',
          description: 'Read a file',
          inputSchema: { type: 'object' },
        },
      ],
    },
    model: 'gpt-4o',
    contextWindow: 128_000,
    reservedOutput: 4_096,
    store,
    newId: () => `${prefix}${(++id).toString(36)}`,
  });
}

/** Builds the session through the engine, turn by turn, so every turn has its plan. */
async function buildLongSession(name: string): Promise<{ sessionId: string; buildSeconds: number }> {
  const prng = new Prng(20_261_126);
  const store = await openIdbStore({ name });
  const engine = await engineOn(store);
  const built = performance.now();
  const session = await engine.createSession({ title: 'Long' });
  for (let i = 0; i < TURNS; i++) {
    const prepared = await session.prepare(sentence(prng, prng.int(8, 40)));
    await session.commit(prepared, sentence(prng, prng.int(20, 120)));
  }
  store.close();
  return { sessionId: session.id, buildSeconds: (performance.now() - built) / 1_000 };
}

/** Opens the session on a new store object and engine each run, as after a reload, and times its first plans. */
async function measureLongSession(name: string, sessionId: string) {
  const prng = new Prng(7);
  const open: number[] = [];
  const firstPrepare: number[] = [];
  const firstPrepareAfterASecond: number[] = [];
  const laterPrepare: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const fresh = await openIdbStore({ name });
    const other = await engineOn(fresh);
    let started = performance.now();
    const reopened = await other.openSession(sessionId);
    open.push(performance.now() - started);
    if (reopened.messages.length !== 2 * TURNS) throw new Error('the long session did not open whole');
    started = performance.now();
    const first = await reopened.prepare(sentence(prng, 20));
    firstPrepare.push(performance.now() - started);
    await reopened.rollback(first);
    fresh.close();

    const idle = await openIdbStore({ name });
    const session = await (await engineOn(idle)).openSession(sessionId);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    started = performance.now();
    const afterASecond = await session.prepare(sentence(prng, 20));
    firstPrepareAfterASecond.push(performance.now() - started);
    await session.rollback(afterASecond);
    started = performance.now();
    const later = await session.prepare(sentence(prng, 20));
    laterPrepare.push(performance.now() - started);
    await session.rollback(later);
    idle.close();
  }
  return { open, firstPrepare, firstPrepareAfterASecond, laterPrepare };
}

async function runLongOpenBench(): Promise<LongOpenResult> {
  const name = `ctxkit-long-open-${Date.now()}`;
  const { sessionId, buildSeconds } = await buildLongSession(name);
  const measured = await measureLongSession(name, sessionId);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
  return { messages: 2 * TURNS, buildSeconds, ...measured };
}

Object.assign(window, { runLongOpenBench, buildLongSession, measureLongSession });
