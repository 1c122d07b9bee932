import { expect, test } from 'vitest';
import { jpeg } from '../attachments/images.fixtures.js';
import { freshName, storesClosedAfterEach } from '../store/idb/idb.fixtures.js';
import { testEngine } from './engine.fixtures.js';

const open = storesClosedAfterEach();

test('attachments are stored with their message in IndexedDB and sent again after a reload', async () => {
  const name = freshName();
  const first = await testEngine({ store: await open(name) });
  const session = await first.createSession();
  const turn = await session.prepare('What is in it?', {
    attachments: [
      { mediaType: 'image/jpeg', data: jpeg(640, 480), name: 'photo.jpg' },
      { mediaType: 'text/csv', data: new TextEncoder().encode('a,b\n1,2'), name: 'data.csv' },
    ],
  });
  await session.commit(turn, 'A photo and a table.');

  const reloaded = await testEngine({ store: await open(name) });
  const again = await reloaded.openSession(session.id);
  expect(again.messages[0]).toEqual(turn.userMessage);
  // The stored plan, image and all, replays to the plan it was stored for.
  expect((await reloaded.getPlan(turn.plan.id))?.id).toBe(turn.plan.id);
  const next = await again.prepare('And the second row?');
  expect(next.request.messages).toContainEqual({
    role: 'user',
    content: [
      { type: 'text', text: 'What is in it?' },
      { type: 'image_url', image_url: { url: expect.stringMatching(/^data:image\/jpeg;base64,/) } },
      { type: 'text', text: '<file name="data.csv" type="text/csv">\na,b\n1,2\n</file>' },
    ],
  });
  const history = next.plan.included.find((entry) => entry.candidate.kind === 'turn')?.candidate;
  expect(history?.kind === 'turn' && history.attachmentTokens?.[0]).toBe(425); // 640×480: two 512-px tiles, 2 × 170 + 85
});
