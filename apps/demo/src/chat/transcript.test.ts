import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { inheritedMessages } from './transcript.js';

async function conversation() {
  const engine = await testEngine();
  const root = await engine.createSession({ title: 'Root' });
  for (const text of [
    'How do I log errors?',
    'Which table holds invoices?',
    'Why is the invoice query slow?',
  ]) {
    await root.commit(await root.prepare(text), `About: ${text}`);
  }
  return { engine, root };
}

describe('inheritedMessages', () => {
  it('gives a branch the messages the engine assembles for it, each with the session that stored it', async () => {
    const { engine, root } = await conversation();
    const secondReply = root.messages[3];
    if (!secondReply) throw new Error('no second reply');
    const branch = await root.fork(secondReply.id);
    await branch.commit(await branch.prepare('And how do I add a column?'), 'With a migration.');
    const deeper = await branch.fork(branch.messages[0]?.id ?? '', { before: true });
    await deeper.commit(await deeper.prepare('Ask again'), 'Again.');

    for (const session of [branch, deeper]) {
      const loaded = await engine.store.loadSession(session.id);
      const origin = loaded?.record.branch;
      if (!loaded || !origin) throw new Error('not a branch');
      const inherited = await inheritedMessages(engine.store, origin);
      const whole = [
        ...inherited.map((entry) => entry.message.id),
        ...loaded.messages.map((message) => message.id),
      ];
      expect(whole).toEqual(session.messages.map((message) => message.id));
      for (const entry of inherited) {
        const owner = await engine.store.loadSession(entry.ownerId);
        expect(owner?.messages.some((message) => message.id === entry.message.id)).toBe(true);
      }
    }
    const ofBranch = await inheritedMessages(engine.store, branch.branch ?? (undefined as never));
    expect(ofBranch.map((entry) => entry.ownerId)).toEqual([root.id, root.id, root.id, root.id]);
    const ofDeeper = await inheritedMessages(engine.store, deeper.branch ?? (undefined as never));
    expect(ofDeeper).toEqual([]);
  });
});
