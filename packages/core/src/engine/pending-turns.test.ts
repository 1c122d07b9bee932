import { describe, expect, test } from 'vitest';
import { testEngine } from './engine.fixtures.js';
import type { EngineEvent } from './pending-turns.js';

async function watched() {
  const engine = await testEngine();
  const session = await engine.createSession();
  const events: EngineEvent[] = [];
  engine.subscribe((event) => events.push(event));
  return { engine, session, events };
}

describe('pending turns', () => {
  test('a prepared turn is pending until it is committed, through its tool loop', async () => {
    const { engine, session, events } = await watched();
    expect(engine.pendingTurn(session.id)).toBeNull();
    let turn = await session.prepare('Read package.json');
    expect(engine.pendingTurn(session.id)).toEqual(turn.userMessage);
    expect(events).toEqual([{ type: 'turn-pending', sessionId: session.id, origin: 'local' }]);

    turn = await session.continue(
      turn,
      {
        content: '',
        toolCalls: [{ id: 'c1', name: 'filesystem__read_file', arguments: { path: 'package.json' } }],
      },
      [{ toolCallId: 'c1', content: '{"version":"1.2.0"}' }],
    );
    expect(engine.pendingTurn(session.id)?.id).toBe(turn.userMessage.id);

    await session.commit(turn, 'It is 1.2.0.');
    expect(engine.pendingTurn(session.id)).toBeNull();
    const types = events.map((event) => event.type);
    // The store has the turn before the kit is told the pending one is gone, so the message never disappears.
    expect(types.indexOf('turn-committed')).toBeLessThan(types.indexOf('turn-settled'));
    expect(events.at(-1)).toEqual({
      type: 'turn-settled',
      sessionId: session.id,
      outcome: 'committed',
      origin: 'local',
    });
  });

  test('a rolled-back turn stops being pending, and a second rollback announces nothing', async () => {
    const { engine, session, events } = await watched();
    const turn = await session.prepare('Read package.json');
    expect(session.rollback(turn)).toBe(true);
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect(session.rollback(turn)).toBe(false);
    expect(events).toEqual([
      { type: 'turn-pending', sessionId: session.id, origin: 'local' },
      { type: 'turn-settled', sessionId: session.id, outcome: 'rolled-back', origin: 'local' },
    ]);
  });

  test('the pending message is the redacted one, as it will be stored', async () => {
    const { engine, session } = await watched();
    const key = ['sk', 'proj', 'Zx9Qw2Er7Ty4Ui1Op6As3Df8Gh5Jk0Lz'].join('-');
    await session.prepare(`my key is ${key}, read package.json`);
    expect(engine.pendingTurn(session.id)?.content).not.toContain(key);
  });

  test('a prepare that fails leaves nothing pending', async () => {
    const { engine, session, events } = await watched();
    await expect(session.prepare('x'.repeat(40_000))).rejects.toThrow();
    expect(engine.pendingTurn(session.id)).toBeNull();
    expect(events).toEqual([]);
  });

  test('a listener that throws does not fail the turn; its errors are reported', async () => {
    const reported: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error);
    try {
      const { engine, session } = await watched();
      engine.subscribe((event) => {
        throw new Error(`a broken UI listener on ${event.type}`);
      });
      const turn = await session.prepare('Read package.json');
      await expect(session.commit(turn, 'Done.')).resolves.toBeDefined();
      expect(reported).toContainEqual(new Error('a broken UI listener on turn-pending'));
      expect(reported).toContainEqual(new Error('a broken UI listener on turn-settled'));
    } finally {
      (globalThis as { reportError?: unknown }).reportError = original;
    }
  });
});
