// Summaries of timed samples, shared by the Node benches and the pages that run in Chromium (so nothing from Node).

/** Timings of several runs: the median of the runs' medians is the headline figure. */
export interface Sampled {
  /** Median of the runs' medians (ms). */
  readonly median: number;
  /** 90th percentile of all samples, pooled over runs. */
  readonly p90: number;
  readonly min: number;
  readonly max: number;
  readonly runMedians: readonly number[];
  readonly samples: number;
}

/** The `q` quantile of `values`, interpolated between neighbours; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower] as number;
  const b = sorted[upper] as number;
  return a + (b - a) * (position - lower);
}

/** Runs of samples summarized: the median of their medians, and the spread of all of them. */
export function summarize(runs: readonly (readonly number[])[]): Sampled {
  const all = runs.flat();
  const runMedians = runs.map((run) => quantile(run, 0.5));
  return {
    median: quantile(runMedians, 0.5),
    p90: quantile(all, 0.9),
    min: Math.min(...all),
    max: Math.max(...all),
    runMedians,
    samples: all.length,
  };
}
