import type { Engine } from '@ctxkit/core';
import { buildPinRows } from '@ctxkit/core/view';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { DEFAULT_SETTINGS, NEW_SESSION_TITLE } from '../settings/index.js';
import { sendMessage } from './send.js';

// The demo's own send path (local responder, the host loop) over its catalog: two questions whose replies ask for the
// Testing rule's card in full (a use, like a call) earn the rule a lease, which the pin manager lists as kept because
// the last replies used it; a question on another subject ends it. (The demo's runnable tools are sent with every
// request, so they are never earned: they are there anyway.)

async function ask(engine: Engine, sessionId: string, text: string): Promise<void> {
  let calls = 0;
  await sendMessage({
    engine,
    sessionId,
    text,
    settings: DEFAULT_SETTINGS,
    onText: () => {},
    chunkDelayMs: 0,
    toolContext: { now: () => new Date(Date.UTC(2026, 10, 26, 16, 5)), timeZone: 'UTC' },
    newCallId: () => `call_${sessionId}_${text.length}_${++calls}`,
    approve: async (toolCalls) => Object.fromEntries(toolCalls.map((call) => [call.id, 'approved'])),
  });
}

describe('leases the demo conversation earns', () => {
  it('two replies using the Testing rule earn it a lease; the pin manager says why; another subject ends it', async () => {
    const engine = await testEngine();
    const { id } = await engine.createSession({ title: NEW_SESSION_TITLE });
    await ask(engine, id, 'How should I write tests for the upload? Check the Testing rule.');
    expect((await engine.openSession(id)).pins).toEqual([]);
    await ask(engine, id, 'Which tests catch a flaky upload? Check the Testing rule.');
    const session = await engine.openSession(id);
    const testing = session.pins.find(
      (pin) => pin.target.kind === 'item' && pin.target.ref.name === 'Testing',
    );
    expect(testing).toMatchObject({ kind: 'leased', earned: { turnIds: expect.any(Array) } });
    const rows = buildPinRows(session.pins, session.messages, await session.estimate(''));
    expect(rows.leased.find((row) => row.pin.id === testing?.id)).toMatchObject({
      title: 'Testing',
      earned: 'Kept because the last replies used it',
    });

    await ask(engine, id, 'Which database table holds the invoices?');
    expect((await engine.openSession(id)).pins).toEqual([]);
  });
});
