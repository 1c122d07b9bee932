import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';
import type { Session } from './session.js';

const step = fc.oneof(
  fc.record({ op: fc.constant('turn' as const), session: fc.nat(), tools: fc.boolean() }),
  fc.record({ op: fc.constant('note' as const), session: fc.nat() }),
  fc.record({ op: fc.constant('fork' as const), session: fc.nat(), message: fc.nat(), before: fc.boolean() }),
);

async function turn(session: Session, text: string, tools: boolean) {
  let prepared = await session.prepare(text);
  if (tools) {
    const call = { id: `call-${text}`, name: 'filesystem__read_file', arguments: { path: 'a.txt' } };
    prepared = await session.continue(prepared, { content: '', toolCalls: [call] }, [
      { toolCallId: call.id, content: `result of ${text}` },
    ]);
  }
  await session.commit(prepared, `answer to ${text}`);
}

describe('a tree of branches under any sequence of turns, notes and forks', () => {
  test('each branch sees its parent up to a turn boundary, then only its own; a reload gives the same tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 20 }), async (steps) => {
        const store = new MemoryStore();
        const engine = await testEngine({ store, contextWindow: 100_000, reservedOutput: 1_000 });
        const root = await engine.createSession({ title: 'root' });
        const sessions: Session[] = [root];
        /** What each session's parent showed when it was forked, and how much of it the branch kept. */
        const forks = new Map<string, { parent: Session; kept: number }>();
        let n = 0;
        for (const action of steps) {
          const session = sessions[action.session % sessions.length] as Session;
          if (action.op === 'turn') await turn(session, `q${n++}`, action.tools);
          else if (action.op === 'note') await session.addNote('error', `note ${n++}`);
          else if (session.messages.length > 0) {
            const at = session.messages[action.message % session.messages.length];
            const branch = await session.fork(at?.id as string, { before: action.before });
            sessions.push(branch);
            forks.set(branch.id, { parent: session, kept: branch.messages.length });
          }
        }

        for (const session of sessions) {
          const fork = forks.get(session.id);
          if (!fork) continue;
          const { parent, kept } = fork;
          // The inherited prefix is the parent's, unchanged by anything the parent did after the fork.
          expect(session.messages.slice(0, kept)).toEqual(parent.messages.slice(0, kept));
          expect(session.branch?.throughMessageId ?? null).toBe(parent.messages[kept - 1]?.id ?? null);
          // The cut is at a turn boundary: what follows in the parent starts a turn or is a note.
          expect(['user', 'system', 'error', undefined]).toContain(parent.messages[kept]?.role);
          // What the branch added is its own, and the parent never sees it.
          const own = new Set(session.messages.slice(kept).map((message) => message.id));
          expect(parent.messages.some((message) => own.has(message.id))).toBe(false);
          expect(session.branch?.rootSessionId).toBe(root.id);
        }

        const fresh = await testEngine({ store, newId: () => `fresh-${Math.random()}` });
        for (const session of sessions) {
          const reloaded = await fresh.openSession(session.id);
          expect(reloaded.messages).toEqual(session.messages);
          expect(reloaded.record).toEqual(session.record);
        }
        const tree = await fresh.listBranches(root.id);
        expect(tree.map((node) => node.record.id).sort()).toEqual(
          sessions.map((session) => session.id).sort(),
        );
        for (const node of tree) {
          const fork = forks.get(node.record.id);
          const parentNode = tree.find((other) => other.record.id === fork?.parent.id);
          expect(node.depth).toBe(parentNode ? parentNode.depth + 1 : 0);
        }
      }),
      { numRuns: 40 },
    );
  });
});
