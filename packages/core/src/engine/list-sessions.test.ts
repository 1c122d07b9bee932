import { expect, test } from 'vitest';
import { MemoryStore } from '../store/index.js';
import { testEngine } from './engine.fixtures.js';

test('listSessions gives the most recently updated session first, and ties by id, on every store', async () => {
  let minute = 0;
  const store = new MemoryStore();
  const engine = await testEngine({ store, now: () => new Date(Date.UTC(2026, 0, 1, 0, minute)) });
  const first = await engine.createSession();
  minute = 1;
  const second = await engine.createSession();
  minute = 2;
  const third = await engine.createSession();
  expect((await engine.listSessions()).map((record) => record.id)).toEqual([third.id, second.id, first.id]);

  minute = 3;
  await first.setTitle('Touched last');
  expect((await engine.listSessions()).map((record) => record.id)).toEqual([first.id, third.id, second.id]);

  // Two sessions updated in the same millisecond come in id order, whatever order the store returns them in.
  const reversed = new (class extends MemoryStore {
    override async listSessions() {
      return (await super.listSessions()).reverse();
    }
  })();
  const same = await testEngine({ store: reversed });
  await same.createSession();
  await same.createSession();
  expect((await same.listSessions()).map((record) => record.id)).toEqual(['id-1', 'id-2']);
});
