import type { MachineInfo } from '../../core/bench/machine.js';
import { toJson as formatJson } from '../../core/bench/report.js';
import type { TimingPlan } from '../../core/bench/stats.js';
import type { FitterResult } from './measure.js';

export interface BudgetResult {
  readonly budget: number;
  readonly ctxkitSetupMs: number;
  readonly fitters: readonly FitterResult[];
}

export interface PeersResults {
  readonly generatedAt: string;
  readonly machine: MachineInfo & { readonly loadAverageAtEnd: readonly number[] };
  readonly timing: TimingPlan;
  readonly setup: Record<string, unknown>;
  readonly budgets: readonly BudgetResult[];
  readonly notRun: readonly { readonly name: string; readonly command: string; readonly error: string }[];
  readonly totalSeconds: number;
}

/** The name of the fitter every ratio is taken against. */
export const BASELINE = 'ctxkit prepare';

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export function toJson(results: PeersResults): string {
  const budgets = results.budgets.map((entry) => {
    const baseline = entry.fitters.find((fitter) => fitter.name === BASELINE);
    return {
      budget: entry.budget,
      ctxkitSetupMs: round(entry.ctxkitSetupMs, 0),
      fitters: entry.fitters.map((fitter) => ({
        name: fitter.name,
        medianMs: round(fitter.timing.median),
        p90Ms: round(fitter.timing.p90),
        minMs: round(fitter.timing.min),
        maxMs: round(fitter.timing.max),
        runMediansMs: fitter.timing.runMedians.map((value) => round(value)),
        samples: fitter.timing.samples,
        firstCallMs: round(fitter.firstCallMs),
        ratioToCtxkitPrepare: baseline ? round(fitter.timing.median / baseline.timing.median, 2) : null,
        checks: fitter.checks,
      })),
    };
  });
  return formatJson({ ...results, budgets });
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

export function printReport(results: PeersResults): void {
  const { machine, timing } = results;
  console.log('\nctxkit and its peers, side by side');
  console.log(`Node ${machine.node} · ${machine.cpu} · ${machine.cores} cores · ${machine.platform}`);
  console.log(
    `${timing.runs} runs × ${timing.iterations} requests (+${timing.warmup} warm-up per run), interleaved; median of run medians; load average ${machine.loadAverage.join(' ')} → ${machine.loadAverageAtEnd.join(' ')}`,
  );
  for (const entry of results.budgets) {
    const baseline = entry.fitters.find((fitter) => fitter.name === BASELINE);
    console.log(`\nBudget ${entry.budget.toLocaleString('en')} tokens`);
    console.log(
      table(
        [
          'per request',
          'median ms',
          'p90 ms',
          'run medians',
          '× ctxkit',
          'first ms',
          'tokens max',
          'over budget',
          'split tool calls',
          'msgs',
        ],
        entry.fitters.map((fitter) => [
          fitter.name,
          ms(fitter.timing.median),
          ms(fitter.timing.p90),
          fitter.timing.runMedians.map(ms).join(' '),
          baseline
            ? `${(fitter.timing.median / baseline.timing.median).toFixed(fitter.timing.median / baseline.timing.median >= 10 ? 0 : 2)}×`
            : '',
          ms(fitter.firstCallMs),
          `${fitter.checks.maxTokens}`,
          `${fitter.checks.overBudget}/${fitter.checks.outputs}`,
          `${fitter.checks.separatedToolCalls}/${fitter.checks.outputs}`,
          `${fitter.checks.medianMessages}`,
        ]),
      ),
    );
  }
  for (const peer of results.notRun)
    console.log(`\nNot run: ${peer.name}: \`${peer.command}\` → ${peer.error}`);
}
