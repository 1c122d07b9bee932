/**
 * The merges of a BPE vocabulary: for a pair of adjacent tokens, the rank of their merge (lower merges first) and
 * the token it makes. An open-addressing hash table over typed arrays: half a million merges take 17 MB, where a
 * Map keyed by pairs would take several times that.
 */
export class MergeTable {
  readonly #lefts: Int32Array;
  readonly #rights: Int32Array;
  readonly #ranks: Int32Array;
  readonly #results: Int32Array;
  readonly #mask: number;
  #size = 0;

  constructor(expected: number) {
    let capacity = 1024;
    while (capacity < expected * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#lefts = new Int32Array(capacity).fill(-1);
    this.#rights = new Int32Array(capacity);
    this.#ranks = new Int32Array(capacity);
    this.#results = new Int32Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds a merge unless the pair has one already: the first added (the lowest rank) wins. */
  add(left: number, right: number, rank: number, result: number): void {
    let slot = slotOf(left, right) & this.#mask;
    for (;;) {
      const held = this.#lefts[slot] as number;
      if (held === -1) break;
      if (held === left && this.#rights[slot] === right) return;
      slot = (slot + 1) & this.#mask;
    }
    if (this.#size * 2 >= this.#mask) throw new Error('a merge table is full');
    this.#lefts[slot] = left;
    this.#rights[slot] = right;
    this.#ranks[slot] = rank;
    this.#results[slot] = result;
    this.#size++;
  }

  /** The slot of the pair's merge, or −1 when the pair does not merge. */
  find(left: number, right: number): number {
    if (left < 0 || right < 0) return -1;
    let slot = slotOf(left, right) & this.#mask;
    for (;;) {
      const held = this.#lefts[slot] as number;
      if (held === -1) return -1;
      if (held === left && this.#rights[slot] === right) return slot;
      slot = (slot + 1) & this.#mask;
    }
  }

  rankAt(slot: number): number {
    return this.#ranks[slot] as number;
  }

  resultAt(slot: number): number {
    return this.#results[slot] as number;
  }
}

function slotOf(left: number, right: number): number {
  return (Math.imul(left, 0x9e3779b1) ^ Math.imul(right + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
}
