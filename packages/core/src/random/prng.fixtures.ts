/**
 * A small seeded PRNG (mulberry32) with the helpers the tests' fixtures and the benchmarks need (bench/prng.ts
 * re-exports it). Same seed, same data, every run: nothing in them uses Math.random.
 */
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('pick from an empty list');
    return list[Math.floor(this.next() * list.length)] as T;
  }
}

/**
 * Picks from a list with Zipf–Mandelbrot weights (the i-th entry has weight 1 / (i + 1 + offset)^exponent), the
 * way words are distributed in real text: some common terms with long posting lists, and a long tail of rare
 * ones. The offset flattens the head, as content words sit below the function words at the top of real text.
 */
export class ZipfPicker<T> {
  readonly #items: readonly T[];
  readonly #cumulative: Float64Array;

  constructor(items: readonly T[], exponent = 1, offset = 0) {
    if (items.length === 0) throw new RangeError('ZipfPicker needs at least one item');
    this.#items = items;
    this.#cumulative = new Float64Array(items.length);
    let total = 0;
    for (let i = 0; i < items.length; i++) {
      total += 1 / (i + 1 + offset) ** exponent;
      this.#cumulative[i] = total;
    }
  }

  pick(prng: Prng): T {
    const cumulative = this.#cumulative;
    const target = prng.next() * (cumulative[cumulative.length - 1] as number);
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return this.#items[lo] as T;
  }
}
