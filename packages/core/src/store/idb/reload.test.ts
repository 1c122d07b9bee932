import { afterEach, describe, expect, test } from 'vitest';
import { NotFoundError } from '../../errors/index.js';
import type { ContextPlan } from '../../planner/index.js';
import { createLexicalSelector } from '../../retrieval/index.js';
import type { Store } from '../../store-types/index.js';
import { freshName, type IdbStore, openRaw, openTestStore } from './idb.fixtures.js';
import { IdCounter, playReloadScenario, reloadEngine } from './reload-scenario.fixtures.js';
import { ALL_STORES } from './schema.js';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

async function store(name: string): Promise<IdbStore> {
  const idb = await openTestStore(name);
  opened.push(idb);
  return idb;
}

/** The store, with every argument it is handed written down as JSON, to show what never reached it. */
function recording(target: IdbStore): { store: Store; written: string[] } {
  const written: string[] = [];
  const store = new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        written.push(JSON.stringify(args) ?? '');
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
  return { store, written };
}

/** Every row of every object store of the database, as JSON. */
async function dumpDatabase(name: string): Promise<string> {
  const db = await openRaw(name);
  try {
    const rows = await Promise.all(
      ALL_STORES.map(
        (storeName) =>
          new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(storeName).objectStore(storeName).getAll();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          }),
      ),
    );
    return JSON.stringify(rows);
  } finally {
    db.close();
  }
}

// What the selector learns from use is kept in the store (flushed before the close), so a reloaded engine scores
// as the first one did. Carried-over triggers are kept in the selector's memory only (like host activity), so the
// comparison of the next request runs the message alone: with carry-over, the first request after a reload lacks
// the sub-queries of the messages before it.
const TRIGGERS = false;
const NEXT = 'Next question: where is config.json read, and which table holds users?';

describe('IdbStore: reload of everything an engine stores', () => {
  test('after reopening, sessions, branches, pins, leases, modes, checkpoints, memories, blobs and plans are as committed, and the next request plans the same', async () => {
    const name = freshName();
    const first = await store(name);
    const { store: spied, written } = recording(first);
    const ids = new IdCounter();
    const selector = createLexicalSelector({ store: spied, triggers: TRIGGERS });
    const played = await playReloadScenario(spied, ids, selector);
    const { engine, sessions, files, branch, branchOfBranch, long, receiver, privateSession, plans } = played;

    // The scenario did what it says, so the comparisons below cover it.
    expect(long.checkpoints).toHaveLength(1);
    expect(long.checkpoints[0]).toMatchObject({
      keyPoints: [expect.any(String)],
      preferences: { license: 'MIT', language: 'TypeScript' },
    });
    expect(files.pins.map((pin) => pin.kind).sort()).toEqual([
      'ephemeral',
      'leased',
      'leased',
      'leased',
      'sticky',
    ]);
    expect(branchOfBranch.branch).toMatchObject({ parentSessionId: branch.id, rootSessionId: files.id });
    expect(branch.pins.some((pin) => pin.kind === 'leased' && pin.lease?.kind === 'turns')).toBe(true);
    const memories = await engine.memories.list();
    expect(memories.map((memory) => memory.source.checkpointId ?? null)).toContain(long.checkpoints[0]?.id);
    const receiverPlans = [...plans.values()].filter((plan) =>
      plan.included.some((entry) => entry.reason.code === 'memory'),
    );
    expect(receiverPlans.length).toBeGreaterThan(0);
    expect(JSON.stringify(files.messages)).not.toContain(played.secret);
    expect(JSON.stringify(files.messages)).toContain('[REDACTED:openai-key]');
    expect(JSON.stringify(files.messages)).not.toContain(played.dataUrl);
    expect(played.dataUrlRef).toMatch(/^ctxkit:blob\//);

    const before = sessions.map((session) => ({
      record: session.record,
      messages: session.messages,
      pins: session.pins,
      mode: session.mode,
      checkpoints: session.checkpoints,
      branch: session.branch,
      head: session.head,
    }));
    const tree = await engine.listBranches(files.id);
    expect(tree.map((node) => node.depth)).toEqual([0, 1, 2]);

    // What the next request of each session plans on an engine that never reloads (rolled back: nothing written).
    const probeFrom = ids.value;
    const expected: ContextPlan[] = [];
    for (const session of sessions) {
      const prepared = await session.prepare(NEXT);
      expected.push(prepared.plan);
      session.rollback(prepared);
    }
    await selector.flush();
    first.close();

    const second = await store(name);
    const resumed = new IdCounter();
    resumed.value = probeFrom;
    const reopened = await reloadEngine(
      second,
      resumed,
      createLexicalSelector({ store: second, triggers: TRIGGERS }),
    );

    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect((await reopened.listSessions()).sort(byId)).toEqual(
      before.map((entry) => entry.record).sort(byId),
    );
    for (const entry of before) {
      const session = await reopened.openSession(entry.record.id);
      expect({
        record: session.record,
        messages: session.messages,
        pins: session.pins,
        mode: session.mode,
        checkpoints: session.checkpoints,
        branch: session.branch,
        head: session.head,
      }).toEqual(entry);
    }
    expect(await reopened.listBranches(files.id)).toEqual(tree);
    expect(await reopened.memories.list()).toEqual(memories);
    expect(await (await reopened.openSession(files.id)).expand(played.dataUrlRef)).toBe(played.dataUrl);
    expect(await (await reopened.openSession(branch.id)).expand(played.dataUrlRef)).toBe(played.dataUrl);

    // Every stored plan is one the scenario committed, and replays to exactly it.
    const stored: string[] = [];
    for (const session of sessions)
      for (const plan of await second.listPlans(session.id)) {
        expect(plan.sessionId).toBe(session.id);
        stored.push(plan.id);
      }
    expect(stored.sort()).toEqual([...plans.keys()].sort());
    for (const [id, plan] of plans) expect(await reopened.getPlan(id)).toEqual(plan);

    // The next request plans exactly as it would have without the reload.
    for (const [i, session] of sessions.entries()) {
      const prepared = await (await reopened.openSession(session.id)).prepare(NEXT);
      expect(prepared.plan).toEqual(expected[i]);
    }

    // The private session is gone, and neither it nor the pasted key ever reached the store.
    await expect(reopened.openSession(privateSession.id)).rejects.toBeInstanceOf(NotFoundError);
    const everything = `${written.join('\n')}\n${await dumpDatabase(name)}`;
    expect(everything).toContain(receiver.id);
    for (const never of [`"${privateSession.id}"`, played.privateText, 'A private answer', played.secret])
      expect(everything).not.toContain(never);
  });
});
