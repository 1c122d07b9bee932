import { ValidationError } from '../errors/index.js';
import { topK } from './top-k.js';

export interface VectorMatch {
  /** The position the vector was added at. */
  readonly id: number;
  /** Cosine similarity (the dot product of normalized vectors), in [−1, 1]. */
  readonly score: number;
}

/**
 * Nearest neighbours by cosine similarity over L2-normalized vectors. The flat index is exact and fast enough to
 * ~10k vectors (see the benchmark); an approximate index (IVF, HNSW) can implement the same interface past that,
 * and the selector does not change.
 */
export interface VectorIndex {
  readonly dimension: number;
  readonly size: number;
  /** Adds a vector (normalized: it is normalized again, to be safe) and returns its id, 0, 1, 2, … */
  add(vector: ArrayLike<number>): number;
  /** The `k` most similar vectors, best first; `accept` filters ids before they compete. */
  search(query: ArrayLike<number>, k: number, accept?: (id: number) => boolean): VectorMatch[];
  /** The cosine similarity of one stored vector to `query`. */
  similarity(query: ArrayLike<number>, id: number): number;
}

/**
 * Every vector in one Float32Array, row after row; search is one pass of dot products and a k-sized heap. It grows
 * by doubling, so adding n vectors copies O(n) floats in all.
 */
export class FlatVectorIndex implements VectorIndex {
  readonly dimension: number;
  #size = 0;
  #data: Float32Array;
  #scores: Float32Array;

  constructor(dimension: number, capacity = 64) {
    if (!Number.isInteger(dimension) || dimension < 1) {
      throw new ValidationError('Invalid vector index', [
        { path: 'dimension', message: `must be a positive integer, got ${dimension}` },
      ]);
    }
    this.dimension = dimension;
    this.#data = new Float32Array(dimension * Math.max(1, capacity));
    this.#scores = new Float32Array(Math.max(1, capacity));
  }

  get size(): number {
    return this.#size;
  }

  add(vector: ArrayLike<number>): number {
    this.#check(vector, 'vector');
    if ((this.#size + 1) * this.dimension > this.#data.length) {
      const data = new Float32Array(this.#data.length * 2);
      data.set(this.#data);
      this.#data = data;
      this.#scores = new Float32Array(this.#scores.length * 2);
    }
    // Divide by the largest component first, so tiny vectors' squares cannot underflow to a zero norm.
    let largest = 0;
    for (let i = 0; i < this.dimension; i++) largest = Math.max(largest, Math.abs(vector[i] as number));
    let norm = 0;
    for (let i = 0; i < this.dimension; i++) norm += ((vector[i] as number) / largest) ** 2;
    const length = Math.sqrt(norm);
    const base = this.#size * this.dimension;
    for (let i = 0; i < this.dimension; i++)
      this.#data[base + i] = largest > 0 ? (vector[i] as number) / largest / length : 0;
    return this.#size++;
  }

  search(query: ArrayLike<number>, k: number, accept?: (id: number) => boolean): VectorMatch[] {
    this.#check(query, 'query');
    // Four rows at a time share each query component: fewer loads per multiply-add, and one monomorphic
    // Float32Array loop. This is what keeps 10k × 384 within a few milliseconds.
    const q = query instanceof Float32Array ? query : Float32Array.from(query);
    const { dimension } = this;
    const data = this.#data;
    const size = this.#size;
    const scores = this.#scores.subarray(0, size);
    let id = 0;
    for (; id + 4 <= size; id += 4) {
      const b0 = id * dimension;
      const b1 = b0 + dimension;
      const b2 = b1 + dimension;
      const b3 = b2 + dimension;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let i = 0; i < dimension; i++) {
        const x = q[i] as number;
        s0 += (data[b0 + i] as number) * x;
        s1 += (data[b1 + i] as number) * x;
        s2 += (data[b2 + i] as number) * x;
        s3 += (data[b3 + i] as number) * x;
      }
      scores[id] = s0;
      scores[id + 1] = s1;
      scores[id + 2] = s2;
      scores[id + 3] = s3;
    }
    for (; id < size; id++) {
      const base = id * dimension;
      let sum = 0;
      for (let i = 0; i < dimension; i++) sum += (data[base + i] as number) * (q[i] as number);
      scores[id] = sum;
    }
    return topK(scores, k, undefined, accept).map((id) => ({ id, score: scores[id] as number }));
  }

  similarity(query: ArrayLike<number>, id: number): number {
    this.#check(query, 'query');
    if (!(Number.isInteger(id) && id >= 0 && id < this.#size)) {
      throw new ValidationError('Invalid vector id', [
        { path: 'id', message: `must be an integer from 0 to ${this.#size - 1}, got ${id}` },
      ]);
    }
    const base = id * this.dimension;
    let dot = 0;
    for (let i = 0; i < this.dimension; i++) dot += (this.#data[base + i] as number) * (query[i] as number);
    return dot;
  }

  #check(vector: ArrayLike<number>, path: string): void {
    if (vector.length !== this.dimension) {
      throw new ValidationError('Invalid vector', [
        { path, message: `has ${vector.length} dimensions; the index holds ${this.dimension}` },
      ]);
    }
  }
}
