import { describe, expect, test } from 'vitest';
import { demoCatalog, testEngine } from '../engine/engine.fixtures.js';
import { cleanupOf } from './cleanup.js';

describe('cleanupOf', () => {
  test('suggests the session items sent in the last turns and never used, and not those a reply used', async () => {
    const engine = await testEngine({ catalog: demoCatalog });
    const session = await engine.createSession();
    await session.addItem({ type: 'rule', name: 'Error handling' });
    await session.addItem({ type: 'tool', name: 'list_dir', serverName: 'filesystem' });
    const turn = async (text: string, reply: string) => session.commit(await session.prepare(text), reply);
    await turn('what is in the project folder?', 'Nothing yet.');
    await turn('and in the tests folder?', 'Also nothing.');
    expect(cleanupOf(session.record, session.messages)).toEqual([]); // two sends: too early to judge
    await turn('and in docs?', 'Some notes.');
    expect(cleanupOf(session.record, session.messages).map((entry) => entry.key)).toEqual([
      'rule:Error handling',
      'tool:filesystem:list_dir',
    ]);
    // A reply that names the tool used it: only the rule stays suggested.
    await turn('list the src folder', 'Run `list_dir` on src to see it.');
    const entries = cleanupOf(session.record, session.messages);
    expect(entries.map((entry) => entry.key)).toEqual(['rule:Error handling']);
    expect(entries[0]).toMatchObject({ ref: { type: 'rule', name: 'Error handling' }, sent: 4 });
    expect(entries[0]?.tokens).toBeGreaterThan(0);
  });
});
