import {
  createEngine,
  createHybridSelector,
  type Engine,
  type HybridSelector,
  type IdbStore,
  openIdbStore,
  type StoreVersionError,
} from '@ctxkit/core';
import { createTransformersEmbedder, type TransformersEmbedder } from '@ctxkit/core/transformers';
import { demoCapsules, demoCatalog } from '../catalog/index.js';
import { type DemoSettings, type EmbeddingSettings, engineModel } from '../settings/index.js';
import { endpointSummarizer } from './endpoint-summarizer.js';
import { extractiveSummarizer } from './summarizer.js';

export const DATABASE_NAME = 'ctxkit-demo';
export const RESERVED_OUTPUT = 1_024;

export interface DemoEngine {
  readonly engine: Engine;
  readonly selector: HybridSelector;
  /** `null` when no model files URL is configured: retrieval is lexical. */
  readonly embedder: TransformersEmbedder | null;
}

/** Opens the demo's IndexedDB database; `onVersionChange` hears a newer version opened in another tab. */
export function openDemoStore(onVersionChange: (error: StoreVersionError) => void): Promise<IdbStore> {
  return openIdbStore({ name: DATABASE_NAME, onVersionChange });
}

/**
 * Where the embedder may fetch from: the model folder and ONNX Runtime's wasm files in its `ort/` subfolder, both
 * on the origin the user configured. Nothing has a CDN or model-hub default.
 */
export function embedderUrls(settings: EmbeddingSettings, pageUrl: string) {
  const base = new URL(
    settings.modelBaseUrl.endsWith('/') ? settings.modelBaseUrl : `${settings.modelBaseUrl}/`,
    pageUrl,
  );
  return {
    modelBaseUrl: base.href,
    wasmPaths: {
      mjs: new URL('ort/ort-wasm-simd-threaded.asyncify.mjs', base).href,
      wasm: new URL('ort/ort-wasm-simd-threaded.asyncify.wasm', base).href,
    },
  };
}

/**
 * An engine on the store for these settings: hybrid retrieval, and recall weighed by meaning, with the embedder when
 * one is configured.
 */
export async function createDemoEngine(store: IdbStore, settings: DemoSettings): Promise<DemoEngine> {
  const embedder = settings.embeddings
    ? createTransformersEmbedder({
        ...embedderUrls(settings.embeddings, location.href),
        model: settings.embeddings.model,
      })
    : null;
  // The store keeps what retrieval learns from use, so scores after a reload are the scores before it.
  const selector = createHybridSelector(embedder ? { embedder, store } : { store });
  const engine = await createEngine({
    catalog: demoCatalog,
    capsules: demoCapsules,
    model: engineModel(settings),
    contextWindow: settings.contextWindow,
    reservedOutput: RESERVED_OUTPUT,
    store,
    selector,
    // Each message gets the mode it needs (cards of many candidates for a question, full bodies for a task); the
    // mode switch under the composer overrides it for the session.
    defaultMode: 'auto',
    // Items the replies keep using (two of the last three turns) stay leased while the chat stays on them, and a
    // message like an earlier one (with the embedder on) starts from what served it: the pin manager and the
    // context details say so.
    earnedPins: { uses: 2, window: 3, turns: 3 },
    // Recalled passages are weighed by meaning with the same embedder (and its vectors cached in the same store).
    ...(embedder && { recall: { embedder } }),
    ...(settings.retentionDays !== null && { retention: { maxAgeDays: settings.retentionDays } }),
    // Long chats are condensed, so their key points become memories: by the configured endpoint's model, or on the
    // device (no model needed) when there is none or it fails.
    history: { summarizer: settings.endpoint ? endpointSummarizer(settings.endpoint) : extractiveSummarizer },
    systemPrompt: {
      global:
        'You are the assistant of a small web team. Answer from the rules, references and tools you are given.',
    },
  });
  return { engine, selector, embedder };
}
