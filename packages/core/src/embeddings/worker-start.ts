/**
 * The worker module shipped with the package; bundlers follow this `new URL(…, import.meta.url)`. It stays in the
 * module graph of the entry (not in the backends' lazy chunk), so the URL is resolved next to index.js.
 */
export function startEmbedderWorker(): Worker {
  return new Worker(new URL('./embedder-worker.js', import.meta.url), {
    type: 'module',
    name: 'ctxkit-embedder',
  });
}
