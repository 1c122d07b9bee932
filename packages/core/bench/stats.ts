import { performance } from 'node:perf_hooks';
import { quantile, type Sampled, summarize } from './samples.js';

export interface TimingPlan {
  /** Independent runs; a GC is forced between them when `--expose-gc` is on. */
  readonly runs: number;
  /** Timed iterations per run. */
  readonly iterations: number;
  /** Untimed iterations before each run's timed ones. */
  readonly warmup: number;
}

/** What a timed case gives: see `Sampled`. */
export type Timing = Sampled;

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export function collectGarbage(): void {
  globalThis.gc?.();
}

export interface TimedCase {
  /** Receives a running call index (warm-up calls included) so each call can use fresh input. */
  readonly body: (call: number) => unknown;
  /** Runs after each call, untimed (e.g. rolling back a prepared turn). */
  readonly after?: (result: unknown) => void;
}

/**
 * Times several cases, interleaved: each run forces a GC, then gives every case its warm-up and timed calls in
 * turn, so JIT and GC phases of the process fall on all cases alike. Promise results are awaited; the timer
 * covers the awaited call only.
 */
export async function timeCases<K extends string>(
  plan: TimingPlan,
  cases: Readonly<Record<K, TimedCase>>,
): Promise<Record<K, Timing>> {
  const names = Object.keys(cases) as K[];
  const runs = new Map<K, number[][]>(names.map((name) => [name, []]));
  const calls = new Map<K, number>(names.map((name) => [name, 0]));
  for (let run = 0; run < plan.runs; run++) {
    collectGarbage();
    for (const name of names) {
      const { body, after } = cases[name];
      let call = calls.get(name) ?? 0;
      for (let i = 0; i < plan.warmup; i++) after?.(await body(call++));
      const samples: number[] = [];
      for (let i = 0; i < plan.iterations; i++) {
        const start = performance.now();
        const result = await body(call++);
        samples.push(performance.now() - start);
        after?.(result);
      }
      calls.set(name, call);
      runs.get(name)?.push(samples);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(runs.get(name) ?? [])])) as Record<
    K,
    Timing
  >;
}

/** Times one case; see `timeCases`. */
export async function time(
  plan: TimingPlan,
  body: TimedCase['body'],
  after?: TimedCase['after'],
): Promise<Timing> {
  return (await timeCases(plan, { only: { body, ...(after && { after }) } })).only;
}

/** Times one call (a cold, one-off cost such as building an index), in milliseconds. */
export async function timeOnce<T>(body: () => T | Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await body();
  return { ms: performance.now() - start, result };
}
