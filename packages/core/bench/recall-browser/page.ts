// Runs in Chromium (driven by bench/recall-browser/run.ts): recall's cost on the browser's real IndexedDB, with the
// LoCoMo lines the runner reads from outside the repository and hands to the page.
import {
  createApproximateCounter,
  createEngine,
  type Engine,
  type IdbStore,
  openIdbStore,
  type SessionExport,
  type StoreExport,
} from '../../src/index.js';
import { RecallIndex } from '../../src/recall/recall-index.js';
import { type Sampled, summarize } from '../samples.js';
import { SHAPE } from './shape.js';

export type { Sampled };

export interface RecallBrowserRow {
  readonly messages: number;
  readonly sessions: number;
  /** Writing the database (importData, SESSIONS_PER_IMPORT sessions a transaction), seconds. */
  readonly fillSeconds: number;
  /** `session.prepare` then `rollback` (only prepare timed), recall on and off, interleaved run by run. */
  readonly prepare: { readonly on: Sampled; readonly off: Sampled };
  /** `session.prepare` + `session.commit` timed together; recall on first, then off. */
  readonly prepareCommit: { readonly on: Sampled; readonly off: Sampled };
  /**
   * The first `prepare` of a new store object and engine on the database, as after a reload: with recall on it
   * reads every session and builds the index. One sample per run.
   */
  readonly firstRequest: { readonly on: Sampled; readonly off: Sampled };
  /** What the first request does, apart: listSessions + loadSession of each, and indexing what they hold. */
  readonly firstRequestParts: { readonly readAll: Sampled; readonly index: Sampled };
  /** The index's search alone, as recall asks it (144 hits). */
  readonly searchAlone: Sampled;
  /** Recalled passages the first question's plan included and left out (each becomes a planner candidate). */
  readonly recalledPassages: { readonly included: number; readonly excluded: number };
}

/**
 * As the Node benchmarks do between runs, so one run's garbage is not collected in another's time (the runner
 * launches Chromium with `--js-flags=--expose-gc`).
 */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** One sample per run: each run's median is that sample. */
const single = (values: readonly number[]) => summarize(values.map((value) => [value]));

/** As bench/recall-speed.ts sets its engines up, so the Node and Chromium figures compare. */
function engineOn(store: IdbStore, recall: boolean, newId?: () => string): Promise<Engine> {
  return createEngine({
    catalog: {},
    model: 'bench',
    contextWindow: 5_120,
    reservedOutput: 1_024,
    store,
    tokenizer: createApproximateCounter(),
    learning: false,
    ...(!recall && { recall: false as const }),
    ...(newId && { newId }),
  });
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}

const TEMPLATE_PREFIX = 'tpl-';

/**
 * One session of TURNS_PER_SESSION turns played through the engine and exported, so the copies carry everything a
 * real session stores (turn rows, plans, usage), not only its messages. Recall is off while it is played: it has
 * nothing to recall from yet.
 */
async function templateSession(text: readonly string[]): Promise<string> {
  const name = `ctxkit-recall-template-${Date.now()}`;
  const store = await openIdbStore({ name });
  let id = 0;
  const engine = await engineOn(store, false, () => `${TEMPLATE_PREFIX}${(++id).toString(36)}`);
  const session = await engine.createSession({ title: 'LoCoMo' });
  for (let turn = 0; turn < SHAPE.turnsPerSession; turn++) {
    const prepared = await session.prepare(text[(2 * turn) % text.length] as string);
    await session.commit(prepared, text[(2 * turn + 1) % text.length] as string);
  }
  const exported = await store.exportSession(session.id);
  store.close();
  await deleteDatabase(name);
  const [only] = exported.sessions;
  if (only?.messages.length !== 2 * SHAPE.turnsPerSession)
    throw new Error('the template session does not hold two messages a turn');
  return JSON.stringify(only);
}

interface MutableMessage {
  role: string;
  content?: string;
  modelReply?: { content: string };
}

/**
 * Session `index` of the database: the template with ids of its own and, as bench/recall-speed.ts fills its store,
 * the LoCoMo lines from message number `index × messages per session` on.
 */
function copyOf(template: string, index: number, text: readonly string[]): SessionExport {
  const copy = JSON.parse(template.replaceAll(`"${TEMPLATE_PREFIX}`, `"s${index}-`)) as SessionExport;
  const first = index * 2 * SHAPE.turnsPerSession;
  copy.messages.forEach((message, position) => {
    const line = text[(first + position) % text.length] as string;
    const mutable = message as unknown as MutableMessage;
    if (mutable.role === 'user') mutable.content = line;
    else if (mutable.modelReply) mutable.modelReply.content = line;
  });
  return copy;
}

async function fill(name: string, messages: number, text: readonly string[]): Promise<number> {
  const template = await templateSession(text);
  const started = performance.now();
  const store = await openIdbStore({ name });
  const sessions = Math.ceil(messages / (2 * SHAPE.turnsPerSession));
  for (let from = 0; from < sessions; from += SHAPE.sessionsPerImport) {
    const batch: StoreExport = {
      format: 'ctxkit-store',
      version: 1,
      sessions: Array.from({ length: Math.min(SHAPE.sessionsPerImport, sessions - from) }, (_, i) =>
        copyOf(template, from + i, text),
      ),
      blobs: [],
      embeddings: [],
      documents: [],
    };
    await store.importData(batch);
  }
  store.close();
  return (performance.now() - started) / 1_000;
}

function questionsOf(text: readonly string[]): string[] {
  return text.slice(0, 50).map((line) => `What about ${line.slice(line.indexOf(':') + 2, 60)}?`);
}

async function timed<T>(body: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await body();
  return { ms: performance.now() - started, result };
}

/** The first request on a new store object and engine, as after a reload. */
async function firstRequest(name: string, recall: boolean, question: string): Promise<number> {
  const store = await openIdbStore({ name });
  const session = await (await engineOn(store, recall)).createSession();
  const { ms, result } = await timed(() => session.prepare(question));
  session.rollback(result);
  store.close();
  return ms;
}

async function runRecallBrowserBench(messages: number, text: readonly string[]): Promise<RecallBrowserRow> {
  const name = `ctxkit-recall-bench-${messages}-${Date.now()}`;
  const fillSeconds = await fill(name, messages, text);
  const questions = questionsOf(text);
  const question = (call: number) => questions[call % questions.length] as string;

  const firstOn: number[] = [];
  const firstOff: number[] = [];
  const readAll: number[] = [];
  const indexing: number[] = [];
  let index = new RecallIndex();
  for (let run = 0; run < SHAPE.firstRequestRuns; run++) {
    collectGarbage();
    firstOn.push(await firstRequest(name, true, question(run)));
    firstOff.push(await firstRequest(name, false, question(run)));
    collectGarbage();
    // The same two steps recall-source takes, apart: read every session, one after another, then index them.
    const reader = await openIdbStore({ name });
    const { ms: readMs, result: loaded } = await timed(async () => {
      const all = [];
      for (const record of await reader.listSessions()) all.push(await reader.loadSession(record.id));
      return all;
    });
    reader.close();
    readAll.push(readMs);
    const built = performance.now();
    index = new RecallIndex();
    for (const session of loaded) {
      if (!session) continue;
      for (const [position, message] of session.messages.entries()) {
        const spoken =
          message.role === 'user'
            ? message.content
            : message.role === 'assistant'
              ? message.modelReply.content
              : '';
        if (spoken.trim() === '') continue;
        index.add({
          messageId: message.id,
          sessionId: session.record.id,
          position,
          text: `${message.role}: ${spoken}`,
          createdAt: message.createdAt,
        });
      }
    }
    indexing.push(performance.now() - built);
  }

  const search: number[][] = [];
  for (let run = 0, call = 0; run < SHAPE.searchRuns; run++) {
    collectGarbage();
    const samples: number[] = [];
    for (let i = 0; i < SHAPE.searchIterations; i++) {
      const started = performance.now();
      index.search({ query: question(call++), limit: 144 });
      samples.push(performance.now() - started);
    }
    search.push(samples);
  }

  // Only the engines' own index stays in the heap while they are timed.
  index = new RecallIndex();

  // The two engines on the same database, each on a store object of its own, as two reloads of one app would be.
  const stores = { on: await openIdbStore({ name }), off: await openIdbStore({ name }) };
  const on = await (await engineOn(stores.on, true)).createSession();
  const off = await (await engineOn(stores.off, false)).createSession();
  // Builds the index, untimed: that is the first request's figure.
  const warm = await on.prepare(question(0));
  on.rollback(warm);
  const { recall: recalled } = warm.plan.sections;
  // Figures of a search that finds nothing would time nothing.
  if (recalled.included === 0) throw new Error('recall offered nothing to the first request');
  off.rollback(await off.prepare(question(0)));
  const prepareRuns = { on: [] as number[][], off: [] as number[][] };
  const calls = { on: 0, off: 0 };
  for (let run = 0; run < SHAPE.prepareRuns; run++) {
    collectGarbage();
    for (const [key, session] of [
      ['on', on],
      ['off', off],
    ] as const) {
      const samples: number[] = [];
      for (let i = 0; i < SHAPE.prepareWarmup + SHAPE.prepareIterations; i++) {
        const { ms, result } = await timed(() => session.prepare(question(calls[key]++)));
        session.rollback(result);
        if (i >= SHAPE.prepareWarmup) samples.push(ms);
      }
      prepareRuns[key].push(samples);
    }
  }

  // Commits change the database, so these come last, and recall on before off: the other engine's commits would
  // have the engine with recall read that session again before its next search (another tab's turn, to it).
  const commitRuns = { on: [] as number[][], off: [] as number[][] };
  for (const [key, session] of [
    ['on', on],
    ['off', off],
  ] as const) {
    for (let run = 0; run < SHAPE.commitRuns; run++) {
      collectGarbage();
      const samples: number[] = [];
      for (let i = 0; i < SHAPE.commitWarmup + SHAPE.commitIterations; i++) {
        const { ms } = await timed(async () =>
          session.commit(await session.prepare(question(calls[key]++)), 'An answer.'),
        );
        if (i >= SHAPE.commitWarmup) samples.push(ms);
      }
      commitRuns[key].push(samples);
    }
  }
  stores.on.close();
  stores.off.close();
  await deleteDatabase(name);

  return {
    messages,
    sessions: Math.ceil(messages / (2 * SHAPE.turnsPerSession)),
    fillSeconds,
    prepare: { on: summarize(prepareRuns.on), off: summarize(prepareRuns.off) },
    prepareCommit: { on: summarize(commitRuns.on), off: summarize(commitRuns.off) },
    firstRequest: { on: single(firstOn), off: single(firstOff) },
    firstRequestParts: { readAll: single(readAll), index: single(indexing) },
    searchAlone: summarize(search),
    recalledPassages: { included: recalled.included, excluded: recalled.excluded },
  };
}

Object.assign(window, { runRecallBrowserBench });
