import { testEngine } from '../engine/engine.fixtures.js';
import type { Engine, Session } from '../engine/index.js';
import type { ContextPlan } from '../planner/index.js';
import type { Store } from '../store-types/index.js';

/** What a scenario committed, to compare with what a store gives back (after a reload, an import, …). */
export interface Committed {
  readonly engine: Engine;
  readonly sessions: readonly Session[];
  /** Every plan the scenario committed, by id, as `prepare`/`continue` returned it. */
  readonly plans: ReadonlyMap<string, ContextPlan>;
}

/**
 * A realistic use of a store through the engine: two sessions, a tool loop, notes between turns, pins of every
 * kind (a pinned message keeps its turn out of the history run), a mode override, a task and a workspace.
 * Later features (branches, checkpoints) extend it here, so every store test covers them.
 */
export async function playScenario(store: Store, turns = 6): Promise<Committed> {
  const engine = await testEngine({ store });
  const plans = new Map<string, ContextPlan>();
  const keep = <T extends { plan: ContextPlan }>(prepared: T): T => {
    plans.set(prepared.plan.id, prepared.plan);
    return prepared;
  };

  const a = await engine.createSession({ title: 'Files' });
  await a.setMode('heavy');
  await a.addItem({ type: 'rule', name: 'Error handling' });
  const first = keep(await a.prepare('Read the file config.json please'));
  const call = { id: 'call-1', name: 'filesystem__read_file', arguments: { path: 'config.json' } };
  const second = keep(
    await a.continue(
      first,
      { content: '', toolCalls: [call] },
      [{ toolCallId: 'call-1', content: '{"debug":true}' }],
      {
        inputTokens: 90,
      },
    ),
  );
  const { messages } = await a.commit(second, 'Debug is on.', { inputTokens: 120, outputTokens: 5 });
  await a.pin({ kind: 'message', messageId: messages[0]?.id as string });
  await a.pin(
    { kind: 'card', title: 'Goal', text: 'Ship v2' },
    { kind: 'leased', lease: { kind: 'turns', turns: 3 } },
  );
  await a.pin({ kind: 'item', ref: { type: 'reference', name: 'Database schema' } }, { kind: 'ephemeral' });
  for (let i = 1; i < turns; i++) {
    if (i === 2) await a.addNote('error', 'The model did not answer');
    if (i === 3) {
      await a.setTask('v2');
      await a.setWorkspace('Open file: src/index.ts');
    }
    await a.commit(keep(await a.prepare(`Question ${i} about the users table`)), `Answer ${i}.`);
  }

  const b = await engine.createSession({ title: 'Quiet' });
  await b.setMode('off');
  await b.commit(keep(await b.prepare('hello')), 'hi');
  await b.commit(keep(await b.prepare('and again')), 'sure');
  return { engine, sessions: [a, b], plans };
}
