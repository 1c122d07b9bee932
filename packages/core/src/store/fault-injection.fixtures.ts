import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { JsonValue } from '../catalog/index.js';
import { testEngine } from '../engine/engine.fixtures.js';
import type { Engine, Session } from '../engine/index.js';
import { CorruptRecordError, CtxkitError, isCtxkitError } from '../errors/index.js';
import { MEMORY_DOCUMENT, MEMORY_DOCUMENT_SHAPE } from '../memory/index.js';
import type { ContextPlan } from '../planner/index.js';
import { FORGOTTEN_DOCUMENT, FORGOTTEN_DOCUMENT_SHAPE } from '../recall/index.js';
import { CALIBRATION_DOCUMENT_SHAPE } from '../reflection/calibration-shape.js';
import { learnedDocumentShape } from '../retrieval/learning.js';
import type { SharedDocumentShape } from '../shared-documents/index.js';
import type { Store } from '../store-types/index.js';

/** Damages what a store keeps of one session, the way each store can be damaged (a raw write, a changed record). */
export interface Corrupter {
  sessionRecord(sessionId: string): Promise<void>;
  messages(sessionId: string): Promise<void>;
  plans(sessionId: string): Promise<void>;
  recallRows(sessionId: string): Promise<void>;
  /** Its usage reports (a store that checks nothing of them when it reads them has no way to tell, and no method). */
  usage?(sessionId: string): Promise<void>;
  /** The retrieval sets its plans refer to (likewise). */
  retrievalSets?(sessionId: string): Promise<void>;
}

/** A store to damage, and how to read it again as a reload would (a new store object on the same data). */
export interface FaultyStore {
  readonly store: Store;
  readonly corrupt: Corrupter;
  reopen(): Promise<Store>;
}

/** What the damaged session does, as designed: its turns fail with a typed error, or go on (degraded or not). */
type VictimOutcome = 'fails' | 'works';

interface RowFault {
  readonly kind: keyof Corrupter;
  readonly victim: VictimOutcome;
  /** What the engine says when it finds the damage. */
  readonly where: RegExp;
}

const ROW_FAULTS: readonly RowFault[] = [
  { kind: 'sessionRecord', victim: 'fails', where: /^session / },
  { kind: 'messages', victim: 'fails', where: /^message \d+ of session / },
  // Plans are read only to replay them: the session plans and commits on; replaying the damaged plan fails.
  { kind: 'plans', victim: 'works', where: /plan/ },
  // Recall rows repeat what the messages hold: they are made again from them.
  { kind: 'recallRows', victim: 'works', where: /recall/ },
  // Usage reports and retrieval sets are read only to show them: listing or opening them fails, the session goes on.
  { kind: 'usage', victim: 'works', where: /usage/ },
  { kind: 'retrievalSets', victim: 'works', where: /retrieval set/ },
];

const LEARNED = 'ctxkit.retrieval.learned';
const QUARANTINE = 'ctxkit.migration.quarantine';

interface DocumentFault {
  readonly key: string;
  /** Null: nothing reads the document, so nothing is set aside and it stays as it is. */
  readonly shape: SharedDocumentShape | null;
}

const DOCUMENT_FAULTS: readonly DocumentFault[] = [
  { key: MEMORY_DOCUMENT, shape: MEMORY_DOCUMENT_SHAPE },
  { key: LEARNED, shape: learnedDocumentShape(LEARNED) },
  { key: FORGOTTEN_DOCUMENT, shape: FORGOTTEN_DOCUMENT_SHAPE },
  { key: CALIBRATION_DOCUMENT_SHAPE.key, shape: CALIBRATION_DOCUMENT_SHAPE },
  // Written by a migration for people to inspect; no turn reads it.
  { key: QUARANTINE, shape: null },
];

/** Values that are no shared document's shape: an object of another kind, and text. */
const GARBAGE: readonly JsonValue[] = [{ surprise: [1, 2, 3] }, 'not a document'];

/** One committed turn; the plan it committed. */
async function turn(session: Session, text: string): Promise<ContextPlan> {
  const prepared = await session.prepare(text);
  await session.commit(prepared, `Answer to: ${text}`, { inputTokens: prepared.plan.budget.used + 3 });
  return prepared.plan;
}

interface Played {
  readonly engine: Engine;
  readonly victim: Session;
  readonly other: Session;
  readonly victimPlan: ContextPlan;
}

/**
 * Two sessions with turns, a memory, learned evidence, a forgotten passage and calibration: every shared document
 * stored, every kind of row written.
 */
async function play(store: Store): Promise<Played> {
  const engine = await testEngine({ store, defaultMode: 'heavy' });
  const victim = await engine.createSession({ title: 'Victim' });
  const other = await engine.createSession({ title: 'Other' });
  const victimPlan = await turn(victim, 'Read the file config.json please');
  await turn(victim, 'What tables does the database schema have?');
  await turn(other, 'Question about the users table');
  const loaded = other.messages;
  await engine.remember(victim.id, [{ kind: 'key-point', text: 'Deploys with Docker' }]);
  await engine.forgetRecalled({ messageIds: [loaded[0]?.id as string] });
  await engine.flushLearning();
  return { engine, victim, other, victimPlan };
}

/**
 * Shows that other sessions keep planning and committing turns — on the engine that was running, and on a new engine
 * over the store read again (a reload) — including a session created after the damage.
 */
async function othersWork(played: Played, reopened: Engine): Promise<void> {
  await turn(played.other, 'Another question about the users table');
  await turn(await played.engine.createSession({ title: 'New' }), 'Read the file notes.txt');
  await turn(await reopened.openSession(played.other.id), 'And the sessions table?');
  await turn(await reopened.createSession({ title: 'After reload' }), 'List the directory please');
  expect((await reopened.listSessions()).map((record) => record.id)).toContain(played.other.id);
}

/**
 * The fault-injection test: each kind of stored row and each shared document is damaged in turn, and every other
 * session still plans and commits turns; the damaged one fails with a typed error naming the damage, or goes on as
 * designed. Every error reported meanwhile is a typed ctxkit error. Run on each store (and in Node and Chromium).
 */
export function describeFaultInjection(
  name: string,
  open: () => Promise<FaultyStore>,
  /** The kinds of row this store can damage (see Corrupter). */
  kinds: readonly (keyof Corrupter)[],
): void {
  describe(`${name}: one damaged record harms only what it belongs to`, () => {
    let reported: unknown[] = [];
    const opened: Store[] = [];
    beforeEach(() => {
      reported = [];
      vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      for (const store of opened.splice(0)) (store as { close?: () => void }).close?.();
    });
    const reopenEngine = async (faulty: FaultyStore) => {
      const store = await faulty.reopen();
      opened.push(store);
      let id = 0;
      return testEngine({ store, defaultMode: 'heavy', newId: () => `reloaded-${++id}` });
    };
    const start = async () => {
      const faulty = await open();
      opened.push(faulty.store);
      return { faulty, played: await play(faulty.store) };
    };

    test.each(ROW_FAULTS.filter(({ kind }) => kinds.includes(kind)))(
      'damaged $kind',
      async ({ kind, victim, where }) => {
        const { faulty, played } = await start();
        await faulty.corrupt[kind]?.(played.victim.id);
        const reopened = await reopenEngine(faulty);
        await othersWork(played, reopened);

        if (kind === 'recallRows') {
          // Before the session itself is opened (which indexes it from its messages): recall read the damaged rows,
          // reported them, and indexed the session from its messages again.
          const recalled = await (await reopened.createSession()).prepare(
            'What did I say about config.json?',
          );
          const passages = recalled.plan.included.filter((entry) => entry.candidate.section === 'recall');
          expect(passages.map((entry) => (entry.candidate as { text: string }).text).join('\n')).toContain(
            'config.json',
          );
        }

        const victimTurn = async () =>
          turn(await reopened.openSession(played.victim.id), 'Read the file a.txt');
        if (victim === 'fails') {
          const failure = await victimTurn().catch((error: unknown) => error);
          expect(failure).toBeInstanceOf(CorruptRecordError);
          expect((failure as CorruptRecordError).where).toMatch(where);
        } else {
          await victimTurn();
          const store = opened.at(-1) as Store;
          const failure = {
            plans: () => reopened.getPlan(played.victimPlan.id),
            usage: () => store.listUsage(played.victim.id),
            retrievalSets: () => store.getRetrievalSet(played.victimPlan.retrievalSetId as string),
          }[kind as 'plans' | 'usage' | 'retrievalSets'];
          if (failure) {
            const error = await failure().catch((caught: unknown) => caught);
            expect(error).toBeInstanceOf(CtxkitError);
            expect(String((error as Error).message)).toMatch(where);
          }
        }
        for (const error of reported) expect(isCtxkitError(error)).toBe(true);
        if (kind === 'sessionRecord')
          expect(reported.some((error) => (error as CorruptRecordError).where?.match(where))).toBe(true);
      },
    );

    for (const garbage of GARBAGE)
      test.each(DOCUMENT_FAULTS)(
        `document $key replaced by ${JSON.stringify(garbage)}`,
        async ({ key, shape }) => {
          const { faulty, played } = await start();
          await faulty.store.putDocument(key, garbage);
          const reopened = await reopenEngine(faulty);
          await othersWork(played, reopened);
          // The session that wrote the memory is no exception.
          await turn(await reopened.openSession(played.victim.id), 'Read the file b.txt');
          await reopened.memories.list();
          for (const error of reported) expect(isCtxkitError(error)).toBe(true);
          const store = opened.at(-1) as Store;
          if (!shape) {
            expect(reported).toEqual([]);
            expect(await store.getDocument(key)).toEqual(garbage);
            return;
          }
          // Set aside whole (kept under the key the report names), reported once per engine that met it, started again.
          const reports = reported.filter(
            (error): error is CorruptRecordError =>
              error instanceof CorruptRecordError && error.where === `document '${key}'`,
          );
          expect(reports.length).toBeGreaterThan(0);
          const kept = /set aside whole as '([^']+)'/.exec(reports[0]?.message ?? '')?.[1] as string;
          expect(kept.startsWith(`${key}.corrupt-`)).toBe(true);
          expect(await store.getDocument(kept)).toEqual(garbage);
          const now = await store.getDocument(key);
          expect(now === undefined || shape.problem(now) === null).toBe(true);
        },
      );
  });
}
