import { describe, expect, it } from 'vitest';
import { testEngine } from '../engine/engine.fixtures.js';
import { sessionTree } from './session-tree.js';

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

describe('sessionTree', () => {
  it('lists conversations newest first, each followed by its branches, depth first', async () => {
    const { engine, root } = await conversation();
    const other = await engine.createSession({ title: 'Other' });
    const first = await root.fork(root.messages[1]?.id ?? '', { title: 'First branch' });
    const second = await root.fork(root.messages[3]?.id ?? '', { title: 'Second branch' });
    await first.commit(await first.prepare('More'), 'Yes.');
    const nested = await first.fork(first.messages.at(-1)?.id ?? '', { title: 'Nested' });
    const nodes = sessionTree(await engine.listSessions());
    expect(nodes.map((node) => [node.record.title, node.depth])).toEqual([
      ['Other', 0],
      ['Root', 0],
      ['First branch', 1],
      ['Nested', 2],
      ['Second branch', 1],
    ]);
    expect([other.id, second.id, nested.id].every((id) => nodes.some((node) => node.record.id === id))).toBe(
      true,
    );
  });
});
