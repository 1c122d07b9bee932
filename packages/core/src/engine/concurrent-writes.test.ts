import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { StaleSessionError } from '../errors/index.js';
import { freshName, type IdbStore, openTestStore } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';
import type { Engine } from './engine.js';
import type { Session } from './session.js';

// Two stores on one database name are two tabs. Writes to one session from both, at once: every write that
// resolves must be in the database afterwards; the others must reject with StaleSessionError.
const opened: IdbStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

async function tab(name: string, prefix: string): Promise<Engine> {
  const store = await openTestStore(name);
  opened.push(store);
  let id = 0;
  return testEngine({ store, newId: () => `${prefix}-${++id}` });
}

type Write =
  | { readonly kind: 'pin'; readonly rule: string }
  | { readonly kind: 'mode'; readonly mode: 'off' | 'light' | 'heavy' }
  | { readonly kind: 'turn'; readonly text: string };

const RULES = ['Authentication', 'Error handling', 'File operations'];

/** Runs a write; returns what must then be stored if it resolved, or null when it was refused as stale. */
async function run(session: Session, write: Write): Promise<((stored: Stored) => boolean) | null> {
  try {
    if (write.kind === 'pin') {
      await session.pin({ kind: 'item', ref: { type: 'rule', name: write.rule } });
      // Pinning a target again replaces its pin: what must hold is that the rule is pinned.
      return (stored) => stored.pinned.includes(write.rule);
    }
    if (write.kind === 'mode') {
      await session.setMode(write.mode);
      return (stored) => stored.modes.includes(write.mode);
    }
    const turn = await session.prepare(write.text);
    try {
      const { messages } = await session.commit(turn, 'ok');
      return (stored) => messages.every((message) => stored.messages.includes(message.id));
    } catch (error) {
      // As a host does: a turn whose commit was refused is rolled back, and asked again on a fresh session.
      session.rollback(turn);
      throw error;
    }
  } catch (error) {
    if (error instanceof StaleSessionError) return null;
    throw error;
  }
}

interface Stored {
  /** The names of the pinned rules. */
  readonly pinned: readonly string[];
  /** The mode stored last: a resolved mode change holds unless a later resolved one replaced it. */
  readonly modes: readonly string[];
  readonly messages: readonly string[];
  readonly turnCount: number;
  readonly turns: number;
}

const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  fc.constantFrom(...RULES).map((rule) => ({ kind: 'pin', rule }) as const),
  fc.constantFrom('off', 'light', 'heavy').map((mode) => ({ kind: 'mode', mode }) as const),
  fc.constantFrom('Read a file', 'Check the token').map((text) => ({ kind: 'turn', text }) as const),
);

describe('two tabs writing one session at once', () => {
  test('every write that resolves is stored; the rest reject with StaleSessionError (random interleavings)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(writeArbitrary, writeArbitrary, fc.nat({ max: 3 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (rounds) => {
          const name = freshName();
          const here = await tab(name, 'here');
          const there = await tab(name, 'there');
          const created = await here.createSession();
          const checks: ((stored: Stored) => boolean)[] = [];
          let lastMode: string | null = null;
          for (const [mine, theirs, delay] of rounds) {
            // Fresh objects each round, as a tab does after a refusal (openSession loads what is stored).
            const a = await here.openSession(created.id);
            const b = await there.openSession(created.id);
            const pause = new Promise((resolve) => setTimeout(resolve, delay));
            const [first, second] = await Promise.all([run(a, mine), pause.then(() => run(b, theirs))]);
            for (const [check, write] of [
              [first, mine],
              [second, theirs],
            ] as const) {
              if (!check) continue;
              if (write.kind === 'mode') lastMode = write.mode;
              else checks.push(check);
            }
          }
          const loaded = await (await tab(name, 'check')).store.loadSession(created.id);
          if (!loaded) throw new Error('the session is gone');
          const stored: Stored = {
            pinned: loaded.record.pins.flatMap((pin) =>
              pin.target.kind === 'item' ? [pin.target.ref.name] : [],
            ),
            modes: loaded.record.mode ? [loaded.record.mode] : [],
            messages: loaded.messages.map((message) => message.id),
            turnCount: loaded.record.turnCount,
            turns: loaded.messages.filter((message) => message.role === 'user').length,
          };
          for (const check of checks) expect(check(stored)).toBe(true);
          if (lastMode !== null) expect(stored.modes).toContain(lastMode);
          // A commit's record update is never rolled back by the other tab's write.
          expect(stored.turnCount).toBe(stored.turns);
        },
      ),
      { numRuns: 15 },
    );
  });

  test('a pin made at the same moment as the other tab sets the mode is never lost', async () => {
    const name = freshName();
    const here = await tab(name, 'here');
    const there = await tab(name, 'there');
    const created = await here.createSession();
    const a = await here.openSession(created.id);
    const b = await there.openSession(created.id);
    const [pinned, moded] = await Promise.allSettled([
      a.pin({ kind: 'item', ref: { type: 'rule', name: 'Error handling' } }),
      b.setMode('heavy'),
    ]);
    const stored = (await (await tab(name, 'check')).store.loadSession(created.id))?.record;
    if (pinned.status === 'fulfilled') expect(stored?.pins.map((pin) => pin.id)).toContain(pinned.value.id);
    else expect(pinned.reason).toBeInstanceOf(StaleSessionError);
    if (moded.status === 'fulfilled') expect(stored?.mode).toBe('heavy');
    else expect(moded.reason).toBeInstanceOf(StaleSessionError);
    // One of them always lands.
    expect([pinned.status, moded.status]).toContain('fulfilled');
  });
});
