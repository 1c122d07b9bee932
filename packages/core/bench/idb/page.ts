// Runs in Chromium (driven by bench/idb/run.ts): times the IndexedDB store on the browser's real IndexedDB.
import {
  type ChatMessage,
  createApproximateCounter,
  createEngine,
  type Engine,
  type IdbStore,
  openIdbStore,
  type Session,
  type Store,
} from '../../src/index.js';
import { Prng } from '../prng.js';
import { type Sampled, summarize } from '../samples.js';

export type { Sampled };

export interface IdbBenchResult {
  readonly userAgent: string;
  readonly shape: typeof SHAPE;
  readonly commit: { readonly early: Sampled; readonly late: Sampled; readonly lateMessages: number };
  readonly open: {
    readonly messages: number;
    readonly loadSession: Sampled;
    readonly engineOpenSession: Sampled;
    /** `session.commit` right after opening: it waits for the turn rows. */
    readonly firstCommit: Sampled;
    readonly rawGetAll: Sampled;
    /** The bare API reading the store's own message rows, and its turn rows, for the same session. */
    readonly rawSegments: Sampled;
    readonly rawTurns: Sampled;
  };
  /**
   * 1,000 records in one transaction. A commit of 1,000 messages (the store writes them as one segment row) against
   * the bare API writing them as 1,000 rows; and 1,000 embedding rows (putEmbeddings, 384 floats each) against the
   * bare API writing the same rows.
   */
  readonly write1000: {
    readonly commitTurn: Sampled;
    readonly rawMessageRows: Sampled;
    readonly putEmbeddings: Sampled;
    readonly rawEmbeddingRows: Sampled;
  };
  readonly buildSeconds: number;
}

const SHAPE = {
  /** With the timed commits, 2,500 turns: a 5,000-message session when it is opened. */
  longSessionTurns: 2_375,
  earlyTurn: 20,
  commitRuns: 5,
  commitIterations: 20,
  commitWarmup: 5,
  openRuns: 7,
  writeRuns: 7,
  writeRecords: 1_000,
} as const;

const WORDS =
  'the a file config user table query result error read write open close list find test data value'.split(
    ' ',
  );

function sentence(prng: Prng, words: number): string {
  return Array.from({ length: words }, () => prng.pick(WORDS)).join(' ');
}

let engines = 0;

async function engineOn(store: Store): Promise<Engine> {
  let id = 0;
  // Engines opened on the same session must not hand out the same ids.
  const prefix = `e${(engines++).toString(36)}-`;
  return createEngine({
    catalog: {
      rules: [
        { name: 'Tone', content: 'Answer briefly and precisely.', include: 'always' },
        {
          name: 'Files',
          description: 'Reading and writing files',
          content: 'Write atomically.',
          include: 'agent',
        },
      ],
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
    model: 'bench-model',
    contextWindow: 128_000,
    reservedOutput: 4_096,
    tokenizer: createApproximateCounter(),
    store,
    newId: () => `${prefix}${(++id).toString(36)}`,
  });
}

async function playTurns(session: Session, prng: Prng, turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) {
    const prepared = await session.prepare(sentence(prng, prng.int(8, 40)));
    await session.commit(prepared, sentence(prng, prng.int(20, 120)));
  }
}

async function timeCommits(session: Session, prng: Prng): Promise<number[][]> {
  const runs: number[][] = [];
  for (let run = 0; run < SHAPE.commitRuns; run++) {
    const samples: number[] = [];
    for (let i = 0; i < SHAPE.commitWarmup + SHAPE.commitIterations; i++) {
      const prepared = await session.prepare(sentence(prng, 20));
      const reply = sentence(prng, 60);
      const started = performance.now();
      await session.commit(prepared, reply);
      const ms = performance.now() - started;
      if (i >= SHAPE.commitWarmup) samples.push(ms);
    }
    runs.push(samples);
  }
  return runs;
}

function rawOpen(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function rawGetAll(db: IDBDatabase, name: string, sessionId: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = db
      .transaction(name)
      .objectStore(name)
      .getAll(IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A peer: rows written with the bare API in one transaction. */
function rawWriteRows(db: IDBDatabase, name: string, rows: readonly unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(name, 'readwrite');
    const store = tx.objectStore(name);
    for (const row of rows) store.put(row);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

function vectors(prng: Prng, run: number): Map<string, Float32Array> {
  return new Map(
    Array.from({ length: SHAPE.writeRecords }, (_, i) => [
      `run${run}-hash${i}`,
      Float32Array.from({ length: 384 }, () => prng.next() - 0.5),
    ]),
  );
}

async function runIdbBench(): Promise<IdbBenchResult> {
  const name = `ctxkit-bench-${Date.now()}`;
  const prng = new Prng(20_261_122);
  const store = await openIdbStore({ name });
  const engine = await engineOn(store);

  // A short session: commits at turn 20.
  const short = await engine.createSession({ title: 'Short' });
  await playTurns(short, prng, SHAPE.earlyTurn);
  const early = await timeCommits(short, prng);

  // A 5,000-message session, built through the engine so every turn has its plan.
  const built = performance.now();
  const long = await engine.createSession({ title: 'Long' });
  await playTurns(long, prng, SHAPE.longSessionTurns);
  const buildSeconds = (performance.now() - built) / 1_000;
  const lateFrom = long.messages.length;
  const late = await timeCommits(long, prng);
  const messages = long.messages.length;

  // Opening it: a new store object and a new engine each time, as after a reload (after the timed commits, which
  // the session's first engine made; the openings commit a turn each through their own engine).
  const loadRuns: number[][] = [[]];
  const openRuns: number[][] = [[]];
  const rawRuns: number[][] = [[]];
  const segmentRuns: number[][] = [[]];
  const firstCommitRuns: number[][] = [[]];
  const turnRuns: number[][] = [[]];
  const raw = await rawOpen(name);
  // The peer: the same messages one row per message (the layout without segments), read with the bare API.
  await rawWriteRows(
    raw,
    'messages',
    long.messages.map((message, position) => ({
      v: 1,
      sessionId: 'one-row-each',
      position,
      messages: [message],
    })),
  );
  for (let run = 0; run < SHAPE.openRuns; run++) {
    // Each measure on a store object of its own, so no read still running for one lands in another's time.
    const fresh: IdbStore = await openIdbStore({ name });
    const other = await engineOn(fresh);
    let started = performance.now();
    const session = await other.openSession(long.id);
    openRuns[0]?.push(performance.now() - started);
    if (session.messages.length !== messages + 2 * run)
      throw new Error('the long session did not open whole');
    // The first commit after opening also waits for the turn rows, read after the messages.
    const prepared = await session.prepare(sentence(prng, 20));
    started = performance.now();
    await session.commit(prepared, sentence(prng, 60));
    firstCommitRuns[0]?.push(performance.now() - started);
    fresh.close();

    const reader: IdbStore = await openIdbStore({ name });
    started = performance.now();
    const loaded = await reader.loadSession(long.id);
    loadRuns[0]?.push(performance.now() - started);
    if (loaded?.messages.length !== messages + 2 * run + 2)
      throw new Error('the long session did not load whole');
    // Its turn rows are still arriving: let them, before the bare reads are timed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    reader.close();
    started = performance.now();
    await rawGetAll(raw, 'messages', 'one-row-each');
    rawRuns[0]?.push(performance.now() - started);
    started = performance.now();
    await rawGetAll(raw, 'messages', long.id);
    segmentRuns[0]?.push(performance.now() - started);
    started = performance.now();
    await rawGetAll(raw, 'turns', long.id);
    turnRuns[0]?.push(performance.now() - started);
    fresh.close();
  }

  // 1,000 records in one transaction: a commit of 1,000 messages, against the bare API writing the same rows.
  const writeRuns: number[][] = [[]];
  const rawWriteRuns: number[][] = [[]];
  const embeddingRuns: number[][] = [[]];
  const rawEmbeddingRuns: number[][] = [[]];
  for (let run = 0; run < SHAPE.writeRuns; run++) {
    const session = await engine.createSession({ title: `Bulk ${run}` });
    const bulk: ChatMessage[] = Array.from({ length: SHAPE.writeRecords }, (_, i) => ({
      id: `bulk-${run}-${i}`,
      role: 'system',
      content: sentence(prng, 50),
      createdAt: new Date().toISOString(),
    }));
    let started = performance.now();
    await store.commitTurn({
      session: session.record,
      messages: bulk,
      plans: [],
      usage: [],
      retrievalSets: [],
    });
    writeRuns[0]?.push(performance.now() - started);
    const messageRows = bulk.map((message, position) => ({
      v: 1,
      sessionId: `raw-${run}`,
      position,
      messages: [message],
    }));
    started = performance.now();
    await rawWriteRows(raw, 'messages', messageRows);
    rawWriteRuns[0]?.push(performance.now() - started);

    const batch = vectors(prng, run);
    started = performance.now();
    await store.putEmbeddings('bench-model', batch);
    embeddingRuns[0]?.push(performance.now() - started);
    const embeddingRows = [...vectors(prng, run + 100)].map(([hash, vector]) => ({
      v: 1,
      modelId: 'bench-model',
      hash,
      vector,
    }));
    started = performance.now();
    await rawWriteRows(raw, 'embeddings', embeddingRows);
    rawEmbeddingRuns[0]?.push(performance.now() - started);
  }
  raw.close();
  store.close();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });

  return {
    userAgent: navigator.userAgent,
    shape: SHAPE,
    commit: { early: summarize(early), late: summarize(late), lateMessages: lateFrom },
    open: {
      messages,
      loadSession: summarize(loadRuns),
      engineOpenSession: summarize(openRuns),
      firstCommit: summarize(firstCommitRuns),
      rawGetAll: summarize(rawRuns),
      rawSegments: summarize(segmentRuns),
      rawTurns: summarize(turnRuns),
    },
    write1000: {
      commitTurn: summarize(writeRuns),
      rawMessageRows: summarize(rawWriteRuns),
      putEmbeddings: summarize(embeddingRuns),
      rawEmbeddingRows: summarize(rawEmbeddingRuns),
    },
    buildSeconds,
  };
}

(window as unknown as { runIdbBench: typeof runIdbBench }).runIdbBench = runIdbBench;
