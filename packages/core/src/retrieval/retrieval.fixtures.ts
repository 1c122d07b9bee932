import type { Embedder } from '../embeddings/index.js';
import { hashString } from '../hash/index.js';
import { tokenize } from '../tokenize/index.js';

/**
 * A deterministic stand-in for a sentence-embedding model: a hashed bag of stemmed words and their character
 * trigrams, L2-normalized. Texts sharing words (or word pieces) get a high cosine, unrelated ones about 0. It has
 * the `Embedder` contract and nothing else in common with a real model; tests and the benchmark use it so that the
 * vector path's code runs without model files.
 */
export class HashedBagEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  calls = 0;
  texts = 0;

  constructor(dimension = 384) {
    this.dimension = dimension;
    this.modelId = `test/hashed-bag-${dimension}`;
  }

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls++;
    this.texts += texts.length;
    return Promise.resolve(texts.map((text) => this.vector(text)));
  }

  vector(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    const add = (feature: string, weight: number) => {
      const hash = Number.parseInt(hashString(feature).slice(0, 8), 16);
      vector[hash % this.dimension] =
        (vector[hash % this.dimension] as number) + (hash & 1 ? weight : -weight);
    };
    for (const word of tokenize(text)) {
      add(`w:${word}`, 1);
      const padded = `^${word}$`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.3);
    }
    let norm = 0;
    for (const value of vector) norm += value * value;
    if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / Math.sqrt(norm);
    return vector;
  }
}

/** An embedder whose model cannot be loaded: every call throws a typed error, as a real one does. */
export class BrokenEmbedder implements Embedder {
  readonly modelId = 'test/broken';
  calls = 0;

  embed(): Promise<Float32Array[]> {
    this.calls++;
    const error = new Error('model files not found at /models/test') as Error & { code: string };
    error.name = 'EmbedderLoadError';
    error.code = 'embedder_unavailable';
    return Promise.reject(error);
  }
}
