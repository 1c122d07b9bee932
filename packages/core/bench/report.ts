import type { BundleSize } from './bundle.js';
import type { MachineInfo } from './machine.js';
import type { PointResult } from './measure.js';
import type { Timing, TimingPlan } from './stats.js';

export const TARGETS = {
  /** Median warm `prepare` with 10k catalog items and 2k history messages, in ms. */
  prepareMs: 10,
  /** prepare(2,000 messages) / prepare(turn 20). */
  growthRatio: 2,
  /** Entry chunk, minified + gzip, in kB (1,000 bytes). */
  bundleGzipKB: 40,
} as const;

export interface BenchInput {
  readonly machine: MachineInfo;
  readonly timing: TimingPlan;
  readonly setup: Record<string, unknown>;
  readonly oneOff: {
    readonly fixturesMs: number;
    readonly createEngineMs: number;
    readonly firstPrepareAndCommitMs: number;
    readonly buildSessionMs: number;
  };
  readonly early: PointResult;
  readonly late: PointResult;
  readonly memory: {
    readonly heapBaselineMiB: number;
    readonly heapSessionMiB: number;
    readonly storedPlans: number;
  };
  readonly bundle: BundleSize;
  readonly loadAverageAtEnd: readonly number[];
  readonly totalSeconds: number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

function roundTiming(timing: Timing) {
  return {
    medianMs: round(timing.median),
    p90Ms: round(timing.p90),
    minMs: round(timing.min),
    maxMs: round(timing.max),
    runMediansMs: timing.runMedians.map((value) => round(value)),
    samples: timing.samples,
  };
}

function roundPoint(point: PointResult) {
  return {
    committedTurns: point.committedTurns,
    historyMessages: point.historyMessages,
    prepare: roundTiming(point.prepare),
    prepareCached: roundTiming(point.prepareCached),
    selector: roundTiming(point.selector),
    planner: roundTiming(point.planner),
    planId: roundTiming(point.planId),
    render: roundTiming(point.render),
    /** prepare − selector − planner − render: candidates (tokenizing newly retrieved items), GC, bookkeeping. */
    restMedianMs: round(
      point.prepare.median - point.selector.median - point.planner.median - point.render.median,
    ),
    plan: point.plan,
  };
}

export function buildResults(input: BenchInput) {
  const { early, late, bundle, memory } = input;
  const ratio = late.prepare.median / early.prepare.median;
  const cachedRatio = late.prepareCached.median / early.prepareCached.median;
  const gzipKB = bundle.entryGzipBytes / 1_000;
  return {
    generatedAt: new Date().toISOString(),
    machine: { ...input.machine, loadAverageAtEnd: input.loadAverageAtEnd },
    timing: input.timing,
    setup: input.setup,
    targets: {
      prepareMedianMs: {
        target: `< ${TARGETS.prepareMs}`,
        value: round(late.prepare.median),
        pass: late.prepare.median < TARGETS.prepareMs,
      },
      growthRatio: {
        target: `< ${TARGETS.growthRatio}`,
        value: round(ratio),
        pass: ratio < TARGETS.growthRatio,
      },
      /** The same ratio with retrieved items already measured: history growth alone. */
      growthRatioCachedItems: {
        target: `< ${TARGETS.growthRatio}`,
        value: round(cachedRatio),
        pass: cachedRatio < TARGETS.growthRatio,
      },
      bundleGzipKB: {
        target: `< ${TARGETS.bundleGzipKB}`,
        value: round(gzipKB, 2),
        pass: gzipKB < TARGETS.bundleGzipKB,
      },
    },
    early: roundPoint(early),
    late: roundPoint(late),
    oneOffMs: Object.fromEntries(Object.entries(input.oneOff).map(([key, value]) => [key, round(value, 1)])),
    memory: {
      heapBaselineMiB: round(memory.heapBaselineMiB, 1),
      heapAfterSessionMiB: round(memory.heapSessionMiB, 1),
      sessionDeltaMiB: round(memory.heapSessionMiB - memory.heapBaselineMiB, 1),
      storedPlans: memory.storedPlans,
    },
    bundle,
    totalSeconds: round(input.totalSeconds, 1),
  };
}

export type BenchResults = ReturnType<typeof buildResults>;

const LINE_WIDTH = 110;

/**
 * JSON as Biome formats it (so the committed results.json passes `biome check`): two-space indent, and arrays
 * of plain values on one line when they fit.
 */
export function toJson(value: unknown): string {
  // Timer readings carry float noise (2.899999998509884): four decimals keep every figure and keep arrays of them on
  // one line, as the formatter would lay them out.
  const text = JSON.stringify(
    value,
    (_key, entry: unknown) =>
      typeof entry === 'number' && !Number.isInteger(entry) ? Math.round(entry * 1e4) / 1e4 : entry,
    2,
  );
  return `${text.replace(/\[\n([^[\]{}]*?)\n\s*\]/g, (block: string, body: string, offset: number) => {
    const inline = `[${body
      .split(',\n')
      .map((item) => item.trim())
      .join(', ')}]`;
    const prefix = offset - (text.lastIndexOf('\n', offset) + 1);
    return prefix + inline.length + 1 <= LINE_WIDTH ? inline : block;
  })}\n`;
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `│ ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' │ ')} │`;
  const rule = (left: string, mid: string, right: string) =>
    `${left}${widths.map((width) => '─'.repeat(width + 2)).join(mid)}${right}`;
  return [
    rule('┌', '┬', '┐'),
    line(headers),
    rule('├', '┼', '┤'),
    ...rows.map(line),
    rule('└', '┴', '┘'),
  ].join('\n');
}

const ms = (value: number) => `${value.toFixed(3)} ms`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function printReport(results: BenchResults): void {
  const { machine, early, late, targets, memory, bundle, timing } = results;
  const msgs = `${late.historyMessages.toLocaleString('en')} msgs`;
  console.log('\n@ctxkit/core benchmark');
  console.log(
    `Node ${machine.node} (V8 ${machine.v8}) · ${machine.cpu} · ${machine.cores} cores · ${machine.memoryGiB} GiB · ${machine.platform}`,
  );
  console.log(
    `${timing.runs} runs × ${timing.iterations} iterations (+${timing.warmup} warm-up per run); figures are the median of run medians, p90 over all samples; gc between runs: ${machine.gcExposed ? 'yes' : 'no'}; load average ${machine.loadAverage.join(' ')} → ${machine.loadAverageAtEnd.join(' ')}`,
  );
  const setup = results.setup as {
    catalog: { items: number; always: number; manual: number; agent: number };
    history: { messages: number; turns: number };
    sessionItems: number;
  };
  console.log(
    `Catalog ${setup.catalog.items.toLocaleString('en')} items (${setup.catalog.always} always, ${setup.catalog.manual} manual, ${setup.catalog.agent} agent) · session ${setup.sessionItems} items · o200k_base · 128k window, 4,096 reserved · light mode\n`,
  );

  const point = (name: string, pick: (p: BenchResults['early']) => { medianMs: number; p90Ms: number }) => [
    name,
    ms(pick(early).medianMs),
    ms(pick(early).p90Ms),
    ms(pick(late).medianMs),
    ms(pick(late).p90Ms),
  ];
  console.log(
    table(
      ['per request (warm)', `turn ${early.committedTurns} median`, 'p90', `${msgs} median`, 'p90'],
      [
        point('session.prepare (total)', (p) => p.prepare),
        point('  selector.select (BM25)', (p) => p.selector),
        point('  planContext', (p) => p.planner),
        point('    of which planId (hash)', (p) => p.planId),
        point('  renderOpenAIChat', (p) => p.render),
        ['  rest (tokenizing new items, GC, …)', ms(early.restMedianMs), '', ms(late.restMedianMs), ''],
        point('session.prepare, retrieved items cached', (p) => p.prepareCached),
      ],
    ),
  );
  console.log(
    `Plan at ${msgs}: ${late.plan.tokensUsed.toLocaleString('en')}/${late.plan.tokensAvailable.toLocaleString('en')} tokens, ${late.plan.historyTurnsIncluded} history turns kept, ${late.plan.historyTurnsExcluded} cut, ${late.plan.agentItemsIncluded} agent items of ${late.plan.retrievalHits} hits; replay gives the same plan id: ${late.plan.replayMatches && early.plan.replayMatches ? 'yes' : 'NO'}\n`,
  );

  console.log(
    table(
      ['target', 'measured', 'target', 'result'],
      [
        [
          `prepare median @ ${msgs}`,
          ms(targets.prepareMedianMs.value),
          `${targets.prepareMedianMs.target} ms`,
          verdict(targets.prepareMedianMs.pass),
        ],
        [`prepare p90 @ ${msgs}`, ms(late.prepare.p90Ms), '', ''],
        [
          `growth: ${msgs} / turn ${early.committedTurns}`,
          `${targets.growthRatio.value.toFixed(2)}×`,
          `${targets.growthRatio.target}×`,
          verdict(targets.growthRatio.pass),
        ],
        [
          `growth, items cached`,
          `${targets.growthRatioCachedItems.value.toFixed(2)}×`,
          `${targets.growthRatioCachedItems.target}×`,
          verdict(targets.growthRatioCachedItems.pass),
        ],
        [
          'core bundle, entry chunk, gzip',
          `${targets.bundleGzipKB.value.toFixed(2)} kB`,
          `${targets.bundleGzipKB.target} kB`,
          verdict(targets.bundleGzipKB.pass),
        ],
        ['  + every lazy chunk and the worker', `${(bundle.allGzipBytes / 1_000).toFixed(2)} kB`, '', ''],
      ],
    ),
  );

  console.log(
    table(
      ['other', 'value'],
      [
        ['bundle entry, minified', `${(bundle.entryBytes / 1_000).toFixed(2)} kB (${bundle.tool})`],
        ...bundle.lazyChunks.map((chunk): [string, string] => [
          `lazy chunk: ${chunk.loads.replace(/^src\//, '')}`,
          `${(chunk.gzipBytes / 1_000).toFixed(2)} kB gzip`,
        ]),
        ['embedder worker (with its runtime)', `${(bundle.worker.gzipBytes / 1_000).toFixed(2)} kB gzip`],
        ['heap: engine + catalog + tokenizer', `${memory.heapBaselineMiB} MiB`],
        [`heap: after the ${msgs} session`, `${memory.heapAfterSessionMiB} MiB`],
        ['heap: session delta', `${memory.sessionDeltaMiB} MiB (${memory.storedPlans} stored plans)`],
        ['createEngine (catalog + o200k ranks)', `${results.oneOffMs.createEngineMs} ms`],
        ['first prepare+commit (cold index)', `${results.oneOffMs.firstPrepareAndCommitMs} ms`],
        [`building the session (${setup.history.turns} turns)`, `${results.oneOffMs.buildSessionMs} ms`],
        ['total bench time', `${results.totalSeconds} s`],
      ],
    ),
  );
}
