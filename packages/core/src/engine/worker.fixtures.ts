// A module Web Worker that runs one turn of the engine (public API, real tokenizer) and posts the result back.
// Started by worker.browser.test.ts with `new Worker(new URL('./worker.fixtures.ts', import.meta.url), ...)`.
import { runWorkerTurn } from './worker-turn.fixtures.js';

export type WorkerReply =
  | {
      readonly ok: true;
      readonly inWorker: boolean;
      readonly result: Awaited<ReturnType<typeof runWorkerTurn>>;
    }
  | { readonly ok: false; readonly error: string };

self.onmessage = async (event: MessageEvent<string>) => {
  let reply: WorkerReply;
  try {
    const inWorker =
      typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function' &&
      typeof document === 'undefined';
    reply = { ok: true, inWorker, result: await runWorkerTurn(event.data) };
  } catch (error) {
    reply = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  self.postMessage(reply);
};
