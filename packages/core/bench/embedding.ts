/**
 * Embedding throughput of the TINY TEST MODEL (scripts/make-tiny-model.ts: 24 dimensions, one Gather node) in
 * Node, in-process on onnxruntime-node, through the real transformers.js path: tokenizing, padding, inference,
 * mean pooling, normalizing, batching. The model itself costs almost nothing, so these figures are the overhead
 * ctxkit and transformers.js add per text: an upper bound on speed, never the speed of a real model such as
 * all-MiniLM-L6-v2. Part of `pnpm bench`; on its own: `tsx --expose-gc bench/embedding.ts`.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { makeTinyModel, TINY_MODEL_ID, TINY_MODEL_TOPICS } from '../scripts/make-tiny-model.js';
import { createTransformersEmbedder, type TransformersEmbedder } from '../src/embeddings/transformers.js';
import { embedWithCache, MemoryStore } from '../src/index.js';
import { Prng } from './prng.js';
import { median, type TimedCase, type Timing, type TimingPlan, timeCases } from './stats.js';

const TEXTS = 512;
const BATCH_SIZES = [1, 8, 32, 128] as const;
const LOADS = 5;
const TIMING: TimingPlan = { runs: 5, iterations: 3, warmup: 1 };
const SEED = 0xe4bed;

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Sentences of 6–24 words from the tiny vocabulary, some words it does not know, all deterministic. */
function sentences(count: number): string[] {
  const prng = new Prng(SEED);
  const words = [
    ...Object.values(TINY_MODEL_TOPICS).flat(),
    'the',
    'a',
    'of',
    'to',
    'my',
    'please',
    'unknownword',
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: prng.int(6, 24) }, () => prng.pick(words)).join(' '),
  );
}

export interface EmbeddingBenchResult {
  readonly model: string;
  readonly note: string;
  readonly texts: number;
  readonly averageWords: number;
  readonly timing: TimingPlan;
  /** From `load()` to ready (files read from disk, ONNX session created, one warm-up text), median of loads. */
  readonly loadMedianMs: number;
  readonly batches: readonly {
    readonly batchSize: number;
    readonly medianMs: number;
    readonly textsPerSecond: number;
    readonly runMediansMs: readonly number[];
  }[];
  /** Texts per second at the best batch size / at batch size 1 (same texts, same process). */
  readonly batchingSpeedup: number;
  /**
   * The peer: transformers.js's own pipeline called directly (mean pooling, normalize, batches of 32, rows copied
   * out as Float32Arrays) on the same texts in the same process, and ctxkit's time at batch size 32 divided by it:
   * what the embedder adds.
   */
  readonly rawTransformers: {
    readonly medianMs: number;
    readonly textsPerSecond: number;
    readonly ctxkitRatio: number;
  };
  /** `embedWithCache` over the same texts: all missing (embeds everything) vs all cached (reads the store). */
  readonly cache: { readonly coldMedianMs: number; readonly warmMedianMs: number; readonly speedup: number };
}

/** transformers.js used directly, as an app without ctxkit would: the peer the embedder is compared with. */
async function rawPipeline(
  modelBaseUrl: string,
): Promise<(texts: readonly string[]) => Promise<Float32Array[]>> {
  const { env, pipeline } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = modelBaseUrl;
  env.useFSCache = false;
  env.useFS = true;
  const extractor = await pipeline('feature-extraction', TINY_MODEL_ID, { dtype: 'fp32' });
  return async (texts) => {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += 32) {
      const output = await extractor(texts.slice(start, start + 32), { pooling: 'mean', normalize: true });
      const [rows = 0, dimensions = 0] = output.dims;
      const data = output.data as Float32Array;
      for (let row = 0; row < rows; row++) vectors.push(data.slice(row * dimensions, (row + 1) * dimensions));
    }
    return vectors;
  };
}

export async function measureEmbedding(log: (message: string) => void): Promise<EmbeddingBenchResult> {
  const modelBaseUrl = fileURLToPath(new URL('../generated/models/', import.meta.url));
  makeTinyModel(modelBaseUrl);
  const texts = sentences(TEXTS);
  const create = (batchSize: number) =>
    createTransformersEmbedder({ model: TINY_MODEL_ID, modelBaseUrl, batchSize, runIn: 'in-process' });

  log(`embedding: loading the tiny model ${LOADS} times`);
  const loads: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const embedder = create(32);
    const start = performance.now();
    await embedder.load();
    loads.push(performance.now() - start);
    await embedder.dispose();
  }

  log(`embedding: ${TEXTS} texts at batch sizes ${BATCH_SIZES.join(', ')}`);
  const embedders = new Map<number, TransformersEmbedder>();
  for (const size of BATCH_SIZES) {
    const embedder = create(size);
    await embedder.load();
    embedders.set(size, embedder);
  }
  const raw = await rawPipeline(modelBaseUrl);
  const cases: Record<string, TimedCase> = { raw: { body: () => raw(texts) } };
  for (const size of BATCH_SIZES) cases[`batch${size}`] = { body: () => embedders.get(size)?.embed(texts) };
  const timings: Record<string, Timing> = await timeCases(TIMING, cases);
  const batches = BATCH_SIZES.map((batchSize) => {
    const timing = timings[`batch${batchSize}`];
    if (!timing) throw new Error(`no timing for batch size ${batchSize}`);
    return {
      batchSize,
      medianMs: round(timing.median, 2),
      textsPerSecond: Math.round(TEXTS / (timing.median / 1_000)),
      runMediansMs: timing.runMedians.map((value) => round(value, 2)),
    };
  });
  const one = batches[0]?.textsPerSecond ?? 1;
  const rawMedian = timings.raw?.median ?? Number.NaN;
  const ctxkit32 = timings.batch32?.median ?? Number.NaN;
  const best = Math.max(...batches.map((batch) => batch.textsPerSecond));

  log('embedding: embedWithCache, cold and warm');
  const embedder = embedders.get(32) as TransformersEmbedder;
  const items = texts.map((text, index) => ({ hash: `h${index}`, text }));
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < TIMING.runs; run++) {
    const store = new MemoryStore();
    let start = performance.now();
    await embedWithCache(embedder, store, items);
    cold.push(performance.now() - start);
    start = performance.now();
    await embedWithCache(embedder, store, items);
    warm.push(performance.now() - start);
  }
  for (const created of embedders.values()) await created.dispose();

  return {
    model: `${TINY_MODEL_ID} (generated tiny test model, 24 dimensions, one Gather node)`,
    note: 'Tiny test model: the overhead of tokenizing, batching, pooling and normalizing, NOT a real model’s speed.',
    texts: TEXTS,
    averageWords: round(texts.reduce((sum, text) => sum + text.split(' ').length, 0) / TEXTS),
    timing: TIMING,
    loadMedianMs: round(median(loads)),
    batches,
    batchingSpeedup: round(best / one, 2),
    rawTransformers: {
      medianMs: round(rawMedian, 2),
      textsPerSecond: Math.round(TEXTS / (rawMedian / 1_000)),
      ctxkitRatio: round(ctxkit32 / rawMedian, 2),
    },
    cache: {
      coldMedianMs: round(median(cold), 2),
      warmMedianMs: round(median(warm), 3),
      speedup: round(median(cold) / median(warm)),
    },
  };
}

export function printEmbeddingReport(result: EmbeddingBenchResult): void {
  console.log(`\nEmbedding, in Node (onnxruntime-node, in-process): ${result.model}`);
  console.log(`${result.note}`);
  console.log(
    `${result.texts} texts of ${result.averageWords} words on average; ${result.timing.runs} runs × ${result.timing.iterations} (+${result.timing.warmup} warm-up); medians of run medians`,
  );
  for (const batch of result.batches)
    console.log(
      `  batch size ${String(batch.batchSize).padStart(3)}: ${batch.medianMs.toFixed(2).padStart(8)} ms for all → ${batch.textsPerSecond.toLocaleString('en')} texts/s`,
    );
  console.log(`  batching: ${result.batchingSpeedup}× the texts/s of one at a time`);
  console.log(
    `  peer, transformers.js pipeline directly (batches of 32): ${result.rawTransformers.medianMs} ms → ${result.rawTransformers.textsPerSecond.toLocaleString('en')} texts/s; ctxkit at 32 takes ${result.rawTransformers.ctxkitRatio}× its time`,
  );
  console.log(`  load to ready: ${result.loadMedianMs} ms (median of ${LOADS})`);
  console.log(
    `  embedWithCache: ${result.cache.coldMedianMs} ms all missing, ${result.cache.warmMedianMs} ms all cached (${result.cache.speedup}×)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  measureEmbedding((message) => process.stderr.write(`  … ${message}\n`))
    .then(printEmbeddingReport)
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
