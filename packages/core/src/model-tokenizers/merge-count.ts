import type { MergeTable } from './merge-table.js';

/** Words up to this many symbols are merged by scanning; longer ones through a heap. */
const SCAN_LIMIT = 48;

/**
 * How many tokens BPE leaves of a word given as its first symbols (token ids; −1 for a symbol that never merges):
 * repeatedly merge the adjacent pair of lowest rank, the leftmost on a tie, until no pair merges. `symbols` is
 * overwritten.
 */
export function mergedCount(symbols: Int32Array, length: number, merges: MergeTable): number {
  return length <= SCAN_LIMIT ? scanMerge(symbols, length, merges) : heapMerge(symbols, length, merges);
}

function scanMerge(symbols: Int32Array, length: number, merges: MergeTable): number {
  let n = length;
  while (n > 1) {
    let best = -1;
    let bestSlot = -1;
    let bestRank = 0x7fffffff;
    for (let i = 0; i < n - 1; i++) {
      const slot = merges.find(symbols[i] as number, symbols[i + 1] as number);
      if (slot >= 0) {
        const rank = merges.rankAt(slot);
        if (rank < bestRank) {
          bestRank = rank;
          best = i;
          bestSlot = slot;
        }
      }
    }
    if (best < 0) break;
    symbols[best] = merges.resultAt(bestSlot);
    symbols.copyWithin(best + 1, best + 2, n);
    n--;
  }
  return n;
}

/**
 * The same merging for long words (SentencePiece tokenizers merge a whole message as one word) in O(n log n): the
 * symbols form a linked list, and a binary heap holds candidate merges keyed by rank then position. An entry is
 * checked when it comes out, since merges around it may have replaced its pair.
 */
function heapMerge(symbols: Int32Array, length: number, merges: MergeTable): number {
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    next[i] = i + 1 < length ? i + 1 : -1;
    prev[i] = i - 1;
  }
  const heap = new Heap(length);
  const offer = (at: number) => {
    if (at < 0) return;
    const after = next[at] as number;
    if (after < 0) return;
    const slot = merges.find(symbols[at] as number, symbols[after] as number);
    if (slot >= 0) heap.push(merges.rankAt(slot), at);
  };
  for (let i = 0; i < length - 1; i++) offer(i);
  let count = length;
  while (heap.size > 0) {
    const rank = heap.topRank();
    const at = heap.pop();
    // A merged-away symbol is marked by a next of −2.
    const after = next[at] as number;
    if (after < 0) continue;
    const slot = merges.find(symbols[at] as number, symbols[after] as number);
    if (slot < 0 || merges.rankAt(slot) !== rank) continue;
    symbols[at] = merges.resultAt(slot);
    const afterNext = next[after] as number;
    next[at] = afterNext;
    if (afterNext >= 0) prev[afterNext] = at;
    next[after] = -2;
    count--;
    offer(prev[at] as number);
    offer(at);
  }
  return count;
}

/** A binary min-heap of (rank, position) pairs, packed in one float: rank × 2³² + position. */
class Heap {
  #keys: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.#keys = new Float64Array(Math.max(16, capacity));
  }

  push(rank: number, position: number): void {
    if (this.size === this.#keys.length) {
      const grown = new Float64Array(this.#keys.length * 2);
      grown.set(this.#keys);
      this.#keys = grown;
    }
    const keys = this.#keys;
    const key = rank * 4294967296 + position;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((keys[parent] as number) <= key) break;
      keys[i] = keys[parent] as number;
      i = parent;
    }
    keys[i] = key;
  }

  topRank(): number {
    return Math.floor((this.#keys[0] as number) / 4294967296);
  }

  /** Removes the smallest entry and returns its position. */
  pop(): number {
    const keys = this.#keys;
    const top = keys[0] as number;
    const last = keys[--this.size] as number;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && (keys[child + 1] as number) < (keys[child] as number)) child++;
      if ((keys[child] as number) >= last) break;
      keys[i] = keys[child] as number;
      i = child;
    }
    keys[i] = last;
    return top % 4294967296;
  }
}
