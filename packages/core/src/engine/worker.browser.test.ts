import { expect, test } from 'vitest';
import type { WorkerReply } from './worker.fixtures.js';
import { runWorkerTurn } from './worker-turn.fixtures.js';

const USER_TEXT = 'Read the file config.json and query the users table';

function runInWorker(text: string): Promise<WorkerReply> {
  const worker = new Worker(new URL('./worker.fixtures.ts', import.meta.url), { type: 'module' });
  return new Promise<WorkerReply>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`worker failed to start or threw: ${event.message}`));
    worker.postMessage(text);
  }).finally(() => worker.terminate());
}

test('the engine plans, renders and commits a turn inside a module Web Worker, as on the main thread', async () => {
  const reply = await runInWorker(USER_TEXT);
  if (!reply.ok) throw new Error(`the worker reported an error:\n${reply.error}`);
  expect(reply.inWorker).toBe(true);

  const fromWorker = reply.result;
  expect(fromWorker.planId).toMatch(/^[0-9a-f]{16}$/);
  expect(fromWorker.committedPlanId).toBe(fromWorker.planId);
  expect(fromWorker.requestContext).toMatchObject({
    planId: fromWorker.planId,
    timestamp: '2026-01-01T00:00:00.000Z',
  });
  expect(fromWorker.requestContext.items).toContainEqual(
    expect.objectContaining({ name: 'Database schema', includeMode: 'agent' }),
  );
  expect(fromWorker.request.model).toBe('gpt-4o-mini');
  expect(fromWorker.request.messages.at(-1)).toEqual({
    role: 'user',
    content: [
      { type: 'text', text: expect.stringContaining('CREATE TABLE users') },
      { type: 'text', text: USER_TEXT },
    ],
  });
  expect(fromWorker.included.map((entry) => entry.id)).toEqual(
    expect.arrayContaining(['rule:Authentication', 'reference:Database schema']),
  );

  // Same input, same clock, same ids: the same plan (id, token counts), context and request on the main thread.
  const onMainThread = await runWorkerTurn(USER_TEXT);
  expect(fromWorker).toEqual(onMainThread);
});
