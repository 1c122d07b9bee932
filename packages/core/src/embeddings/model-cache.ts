/** The Cache API cache `cacheModelFiles` keeps model and wasm files in: transformers.js' `env.cacheKey`, set to it. */
export const MODEL_CACHE_NAME = 'transformers-cache';

/**
 * Opens the model cache from the page before the embedder's worker writes to it. WebKit (WebKitGTK 2.50) keeps a
 * cache that a dedicated worker created only as long as that worker lives: the next worker, and the next page
 * load, found it empty and downloaded the model again. A cache the page opened first is kept. Resolves to the
 * open cache, or undefined where there is nothing to open; a failure only costs the cache, never the load.
 */
export async function openModelCacheInPage(cacheModelFiles: boolean): Promise<Cache | undefined> {
  if (!cacheModelFiles || typeof caches === 'undefined') return undefined;
  try {
    return await caches.open(MODEL_CACHE_NAME);
  } catch {
    return undefined;
  }
}
