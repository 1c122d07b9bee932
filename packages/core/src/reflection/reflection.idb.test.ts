import { describe, expect, test } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';

const open = storesClosedAfterEach();

describe('reflection in IndexedDB', () => {
  test('activation, pin changes, waste and calibration survive a reload, and stored plans replay identically', async () => {
    const name = freshName();
    const engine = await testEngine({ store: await open(name), promotion: { promoteAfter: 1 } });
    const session = await engine.createSession();
    const pin = await session.pin(
      { kind: 'item', ref: { type: 'rule', name: 'Error handling' } },
      { kind: 'ephemeral' },
    );
    const first = await session.prepare('What tables are in the database schema?');
    const committed = await session.commit(first, 'The Database schema, and Error handling.', {
      inputTokens: Math.round(first.plan.budget.used * 1.25),
    });
    expect(committed.reflection.pinChanges).toMatchObject([{ kind: 'promoted', pinId: pin.id }]);
    const calibration = await engine.reflection.calibration();
    const second = await session.prepare('And the database schema for sessions?');
    expect(second.plan.included.some(({ reason }) => reason.code === 'agent' && reason.activation)).toBe(
      true,
    );
    await session.commit(second, 'Sessions are not in it.', {
      inputTokens: Math.round(second.plan.budget.used * 0.9),
    });
    const waste = await engine.reflection.waste(session.id);
    const telemetry = await engine.reflection.exportTelemetry(session.id);
    await engine.reflection.calibration();
    open.closeAll();

    const reloaded = await testEngine({ store: await open(name) });
    const again = await reloaded.openSession(session.id);
    expect(again.record.reflection).toEqual(session.record.reflection);
    expect(again.pins).toEqual(session.pins);
    const stored = again.messages.flatMap((m) =>
      m.role === 'assistant' && m.reflection ? [m.reflection] : [],
    );
    expect(stored[0]).toEqual(committed.reflection);
    expect(await reloaded.reflection.waste(session.id)).toEqual(waste);
    expect(await reloaded.reflection.exportTelemetry(session.id)).toBe(telemetry);
    expect((await reloaded.reflection.calibration()).samples).toBe(2);
    expect((await reloaded.reflection.calibration()).factor).not.toBe(calibration.factor);
    expect(await reloaded.getPlan(second.plan.id)).toEqual(second.plan);
  });
});
