// Loads and runs a model with transformers.js. Imported lazily (by the in-process backend, or inside the worker),
// and imports `@huggingface/transformers` lazily itself, so apps that never embed never load either.
import { type EmbedderFailure, EmbedderLoadError } from '../errors/index.js';
import type { ModelLoadEvent } from './events.js';
import { BlockedRequestError, guardFetch } from './fetch-guard.js';
import { MODEL_CACHE_NAME } from './model-cache.js';
import { normalizeInPlace } from './normalize.js';
import type { TransformersEmbedderConfig } from './transformers-options.js';

/** A model ready to embed. */
export interface LoadedModel {
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

interface PooledOutput {
  readonly data: ArrayLike<number>;
  readonly dims: readonly number[];
  dispose?(): void;
}

type Extractor = ((
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<PooledOutput>) & { dispose(): Promise<void> };

/** The part of transformers.js' progress callback payload this module reads. */
interface ProgressInfo {
  readonly status: string;
  readonly file?: string;
  readonly progress?: number;
  readonly loaded?: number;
  readonly total?: number;
}

// transformers.js keeps its settings (`env`) in one object per JavaScript realm. Loads in one realm run one after
// another, each with its own settings, so two embedders with different model origins never read each other's.
let loadChain: Promise<unknown> = Promise.resolve();

function serially<T>(body: () => Promise<T>): Promise<T> {
  const run = loadChain.then(body, body);
  loadChain = run.catch(() => undefined);
  return run;
}

const isHttpUrl = (value: string) => /^https?:\/\//i.test(value);

/** Places a request may go: the model's own folder and the two wasm files, nothing else. */
function allowedUrls(config: TransformersEmbedderConfig): string[] {
  const allowed: string[] = [];
  if (isHttpUrl(config.modelBaseUrl)) allowed.push(`${config.modelBaseUrl}${config.model}/`);
  if (config.wasmPaths) allowed.push(config.wasmPaths.mjs, config.wasmPaths.wasm);
  return allowed;
}

/** A short stable tag of a string (FNV-1a), so two model origins never share a path. */
function tag(value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * transformers.js 4.3 only treats `localModelPath` as local when it is a path, not a full URL (with a URL it
 * believes no file exists and skips the tokenizer). So models served over http(s) get a made-up path, which the
 * fetch below maps back onto `modelBaseUrl`: one rule for the page's origin, another origin, and Node.
 */
function modelPathFor(config: TransformersEmbedderConfig): string {
  return isHttpUrl(config.modelBaseUrl) ? `/ctxkit-models/${tag(config.modelBaseUrl)}/` : config.modelBaseUrl;
}

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * The fetch transformers.js uses while loading: maps the made-up model path onto `modelBaseUrl`, refuses anything
 * outside the allowed places, and answers a repeated GET of one URL from the first response (transformers.js reads
 * each file once for its size and once for its bytes; this keeps that to one download).
 */
function loadingFetch(
  config: TransformersEmbedderConfig,
  onBlocked: (url: string) => void,
): { readonly fetch: typeof fetch; readonly settle: () => void } {
  const guarded = guardFetch(allowedUrls(config), onBlocked);
  const modelPath = modelPathFor(config);
  let responses: Map<string, Promise<Response>> | undefined = new Map();
  const fetchForLoad: typeof fetch = async (input, init) => {
    let url = requestUrl(input);
    if (url.startsWith(modelPath)) url = `${config.modelBaseUrl}${url.slice(modelPath.length)}`;
    const plainGet = (init?.method ?? 'GET') === 'GET' && !new Headers(init?.headers).has('Range');
    if (!plainGet || !responses) return guarded(url, init);
    let response = responses.get(url);
    if (!response) {
      response = guarded(url, init);
      responses.set(url, response);
    }
    return (await response).clone();
  };
  // Once loaded, the remembered responses (whole model files) are let go.
  return { fetch: fetchForLoad, settle: () => (responses = undefined) };
}

/**
 * In Node, transformers.js hands ONNX Runtime a file path, which a fetched file does not have unless a cache
 * holds it; this one holds the files of one load in memory, instead of writing them to disk.
 */
function memoryCache(): {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
} {
  const files = new Map<string, { bytes: ArrayBuffer; headers: Headers }>();
  return {
    match: async (key) => {
      const file = files.get(key);
      return file && new Response(file.bytes.slice(0), { headers: file.headers });
    },
    put: async (key, response) => {
      files.set(key, { bytes: await response.arrayBuffer(), headers: new Headers(response.headers) });
    },
  };
}

/** Whether transformers.js found a file system in this realm, read before any load changes the setting. */
let fileSystemAvailable: boolean | undefined;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function classify(error: unknown): { failure: EmbedderFailure; location: string | undefined } {
  const message = describe(error);
  const name = error instanceof Error ? error.name : '';
  const file = /(?:locally at|Local file missing at|file: |file was not found[^"]*)"([^"]+)"/.exec(
    message,
  )?.[1];
  if (
    name === 'ModelFileNotFoundError' ||
    /not found|could not locate|404|Unable to (?:get|load)/i.test(message)
  )
    return { failure: 'model-files', location: file };
  if (error instanceof SyntaxError) return { failure: 'model-files', location: file };
  return { failure: 'runtime', location: file };
}

interface TransformersModule {
  readonly env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    localModelPath: string;
    useBrowserCache: boolean;
    cacheKey: string;
    useFS: boolean;
    useFSCache: boolean;
    useCustomCache: boolean;
    customCache: unknown;
    useWasmCache: boolean;
    fetch: typeof fetch;
    backends: { onnx: { wasm?: { wasmPaths?: unknown; proxy?: boolean } } };
  };
  pipeline(
    task: 'feature-extraction',
    model: string,
    options: { dtype: string; progress_callback: (info: ProgressInfo) => void },
  ): Promise<unknown>;
}

async function importTransformers(model: string): Promise<TransformersModule> {
  try {
    return (await import('@huggingface/transformers')) as unknown as TransformersModule;
  } catch (error) {
    throw new EmbedderLoadError(
      model,
      'library-missing',
      `@huggingface/transformers could not be imported (${describe(error)}); install it next to @ctxkit/core`,
      { cause: error },
    );
  }
}

function toLoadEvent(info: ProgressInfo): ModelLoadEvent | undefined {
  if (!info.file) return undefined;
  if (info.status === 'initiate')
    return { type: 'loading', file: info.file, progress: 0, loadedBytes: 0, totalBytes: undefined };
  if (info.status === 'progress')
    return {
      type: 'loading',
      file: info.file,
      progress: Math.min(100, Math.max(0, info.progress ?? 0)),
      loadedBytes: info.loaded ?? 0,
      totalBytes: info.total || undefined,
    };
  if (info.status === 'done') return { type: 'loaded', file: info.file };
  return undefined;
}

/** Reports each file's progress only forward, and nothing for a file after it loaded. */
function forwardOnly(onEvent: (event: ModelLoadEvent) => void): (event: ModelLoadEvent) => void {
  const progress = new Map<string, number>();
  const loaded = new Set<string>();
  return (event) => {
    if (loaded.has(event.file)) return;
    if (event.type === 'loaded') loaded.add(event.file);
    else {
      if (event.progress < (progress.get(event.file) ?? -1)) return;
      progress.set(event.file, event.progress);
    }
    onEvent(event);
  };
}

async function run(
  extractor: Extractor,
  texts: readonly string[],
  batchSize: number,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += batchSize) {
    const batch = texts.slice(start, start + batchSize);
    const output = await extractor(batch, { pooling: 'mean', normalize: false });
    const [rows, dimensions] = output.dims;
    if (rows !== batch.length || !dimensions)
      throw new Error(
        `the model returned ${String(rows)} vectors of ${String(dimensions)} for ${batch.length} texts`,
      );
    for (let row = 0; row < rows; row++) {
      const vector = new Float32Array(dimensions);
      for (let d = 0; d < dimensions; d++) vector[d] = output.data[row * dimensions + d] as number;
      vectors.push(normalizeInPlace(vector));
    }
    output.dispose?.();
  }
  return vectors;
}

/**
 * Loads the model with transformers.js, configured to read files only from `config.modelBaseUrl` and wasm only
 * from `config.wasmPaths`, then embeds one short text so a model that loads but cannot run fails here, not later.
 */
export async function loadTransformersModel(
  config: TransformersEmbedderConfig,
  onEvent: (event: ModelLoadEvent) => void,
): Promise<LoadedModel> {
  const transformers = await importTransformers(config.model);
  const blocked: string[] = [];
  const report = forwardOnly(onEvent);
  const extractor = await serially(async () => {
    const { env } = transformers;
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = modelPathFor(config);
    // Folders are read from disk (Node); URLs through fetch, mapped and guarded.
    fileSystemAvailable ??= env.useFS;
    env.useFS = fileSystemAvailable && !isHttpUrl(config.modelBaseUrl);
    env.useFSCache = false;
    env.useBrowserCache = config.cacheModelFiles && typeof caches !== 'undefined';
    env.cacheKey = MODEL_CACHE_NAME;
    const fetchedInNode = fileSystemAvailable && isHttpUrl(config.modelBaseUrl);
    env.useCustomCache = fetchedInNode;
    env.customCache = fetchedInNode ? memoryCache() : null;
    const requests = loadingFetch(config, (url) => blocked.push(url));
    env.fetch = requests.fetch;
    const wasm = env.backends.onnx.wasm;
    if (config.wasmPaths && wasm) wasm.wasmPaths = { mjs: config.wasmPaths.mjs, wasm: config.wasmPaths.wasm };
    try {
      return (await transformers.pipeline('feature-extraction', config.model, {
        dtype: config.dtype,
        progress_callback: (info) => {
          const event = toLoadEvent(info);
          if (event) report(event);
        },
      })) as Extractor;
    } catch (error) {
      if (blocked.length > 0)
        throw new EmbedderLoadError(
          config.model,
          'blocked-request',
          describe(new BlockedRequestError(blocked[0] as string)),
          { location: blocked[0], cause: error },
        );
      // Messages name files by the made-up path: say where they really are.
      const real = (text: string) => text.replaceAll(modelPathFor(config), config.modelBaseUrl);
      const { failure, location } = classify(error);
      throw new EmbedderLoadError(config.model, failure, real(describe(error)), {
        location: location && real(location),
        cause: error,
      });
    } finally {
      requests.settle();
      env.customCache = null;
      env.useCustomCache = false;
    }
  });
  let dimensions: number;
  try {
    dimensions = (await run(extractor, ['ctxkit'], 1))[0]?.length ?? 0;
    if (dimensions === 0) throw new Error('the model returned empty vectors');
  } catch (error) {
    await extractor.dispose().catch(() => undefined);
    throw new EmbedderLoadError(
      config.model,
      'runtime',
      `the model loaded but could not run: ${describe(error)}`,
      {
        cause: error,
      },
    );
  }
  return {
    dimensions,
    embed: (texts) => run(extractor, texts, config.batchSize),
    dispose: () => extractor.dispose(),
  };
}
