import { checkTopK } from './input.js';

/**
 * The `k` best of `count` candidates by `scores[candidate]`, best first; equal scores go to the lower index, so
 * the result is exactly the first `k` of a full sort (score descending, index ascending). A bounded min-heap
 * keeps the worst of the best at its root: O(n log k) time and O(k) space, and no array of all candidates.
 * `candidates` restricts the pool (e.g. the documents a query touched); `accept` filters it.
 */
export function topK(
  scores: ArrayLike<number>,
  k: number,
  candidates?: ArrayLike<number>,
  accept?: (candidate: number) => boolean,
): number[] {
  checkTopK(scores, k);
  if (k <= 0) return [];
  const heap: number[] = [];
  // `a` is worse than `b`: lower score, or the same score and a higher index.
  const worse = (a: number, b: number): boolean => {
    const sa = scores[a] as number;
    const sb = scores[b] as number;
    return sa < sb || (sa === sb && a > b);
  };
  const siftDown = (from: number): void => {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst] as number, heap[at] as number];
      at = worst;
    }
  };
  const offer = (candidate: number): void => {
    if (accept && !accept(candidate)) return;
    if (heap.length < k) {
      heap.push(candidate);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(heap[at] as number, heap[parent] as number)) break;
        [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
        at = parent;
      }
    } else if (worse(heap[0] as number, candidate)) {
      heap[0] = candidate;
      siftDown(0);
    }
  };
  if (candidates) for (let i = 0; i < candidates.length; i++) offer(candidates[i] as number);
  else for (let i = 0; i < scores.length; i++) offer(i);
  const best: number[] = [];
  while (heap.length > 0) {
    best.push(heap[0] as number);
    const last = heap.pop() as number;
    if (heap.length > 0) {
      heap[0] = last;
      siftDown(0);
    }
  }
  return best.reverse();
}
