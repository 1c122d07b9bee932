/**
 * The startup benchmark, in Chromium: a page built by Vite the way an app ships (the core's built package bundled,
 * the tokenizer's ranks lazy chunks in parts, as they ship) and served by Vite's preview server; the system's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) loads it once to fill the HTTP cache, then again and again with the cache warm. Each load
 * times `createEngine` and the first `prepare` with ctxkit's counter and, on alternate loads, with a counter built
 * on js-tiktoken's `Tiktoken` class on the same ranks. `pnpm --filter @ctxkit/core bench:startup`; writes
 * bench/startup-results.json.
 *
 * A/B mode: `STARTUP_BASE_DIST=<another build of the core: its package folder or its dist/index.js>` bundles the same
 * page on that build too and alternates the two builds' page loads in one run (A B, then B A, …), so a loaded
 * machine slows both alike; it reports each one's medians and the ratio of this build's to the other's, and writes
 * them to startup-results.json's `comparedWithBase` (the rest of the file is kept). `STARTUP_RUNS` sets the loads
 * of each (default 15); `STARTUP_BASE_LABEL` names the base in the results (default: its path).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { build, preview } from 'vite';
import checkChromium, { CHROMIUM_ARGS, chromiumPath } from '../../vitest.chromium-setup.js';
import { toJson } from '../report.js';
import { median } from '../stats.js';
import type { StartupSample } from './page.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));
const RESULTS = fileURLToPath(new URL('../startup-results.json', import.meta.url));

/** The other build's dist/index.js, from STARTUP_BASE_DIST (a package folder or the file); undefined: no A/B. */
function baseDistIndex(): string | undefined {
  const given = process.env.STARTUP_BASE_DIST;
  if (!given) return undefined;
  const path = resolve(given);
  const index = existsSync(path) && statSync(path).isDirectory() ? join(path, 'dist', 'index.js') : path;
  if (!existsSync(index)) throw new Error(`STARTUP_BASE_DIST: no built core at ${index}`);
  return index;
}

/** Builds the page on one build of the core into `outDir`, with relative URLs so several pages share a server. */
async function buildPage(distIndex: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: join(ROOT, 'page.html') } },
    // The page imports the source for its types; what it runs is the built package.
    resolve: { alias: [{ find: /^\.\.\/\.\.\/src\/index\.js$/, replacement: distIndex }] },
  });
  // What the page runs is what ships: the ranks arrive in parts, not as js-tiktoken's whole file.
  const rankParts = readdirSync(join(outDir, 'assets')).filter((file) => /^o200k_base-\d/.test(file));
  if (rankParts.length < 2)
    throw new Error(`the page was not built on the package's rank parts (${rankParts.join(', ')})`);
}

type Build = 'new' | 'base';
const summarize = (list: readonly StartupSample[]) => ({
  createEngineMs: median(list.map((sample) => sample.createEngineMs)),
  firstPrepareMs: median(list.map((sample) => sample.firstPrepareMs)),
  sinceNavigationMs: median(list.map((sample) => sample.sinceNavigationMs)),
  tokens: list[0]?.tokens,
});
const f = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  checkChromium();
  if (!existsSync(DIST_INDEX))
    throw new Error(
      'packages/core/dist is missing: run `pnpm --filter @ctxkit/core build` (`pnpm bench` builds it)',
    );
  const base = baseDistIndex();
  const outDir = mkdtempSync(join(tmpdir(), 'ctxkit-startup-'));
  await buildPage(DIST_INDEX, join(outDir, 'new'));
  if (base) await buildPage(base, join(outDir, 'base'));
  const server = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server has no address');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    if (base) await compareWithBase(page, url, base);
    else await againstJsTiktoken(page, url);
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** One page load, timed by the page itself. */
async function load(page: Page, url: string): Promise<StartupSample> {
  await page.goto(url);
  return (await page.evaluate(
    () => (window as unknown as { startup: Promise<unknown> }).startup,
  )) as StartupSample;
}

async function againstJsTiktoken(page: Page, url: string): Promise<void> {
  const pageUrl = (tokenizer: StartupSample['tokenizer']) =>
    `${url}new/page.html${tokenizer === 'js-tiktoken' ? '?tokenizer=js-tiktoken' : ''}`;
  const loadAtStart = loadavg()[0] ?? 0;
  const samples: Record<StartupSample['tokenizer'], StartupSample[]> = { ctxkit: [], 'js-tiktoken': [] };
  // The first loads fill the HTTP cache and compile caches; they are not counted.
  await load(page, pageUrl('ctxkit'));
  await load(page, pageUrl('js-tiktoken'));
  for (let run = 0; run < RUNS; run++) {
    for (const tokenizer of ['ctxkit', 'js-tiktoken'] as const)
      samples[tokenizer].push(await load(page, pageUrl(tokenizer)));
  }
  const summary = { ctxkit: summarize(samples.ctxkit), 'js-tiktoken': summarize(samples['js-tiktoken']) };
  console.log(
    [
      '',
      `Startup in Chromium, warm HTTP cache, median of ${RUNS} page loads each`,
      '| tokenizer                         | createEngine | + first prepare | since navigation |',
      ...(['ctxkit', 'js-tiktoken'] as const).map(
        (name) =>
          `| ${(name === 'ctxkit' ? 'ctxkit (o200k_base)' : 'js-tiktoken Tiktoken (same ranks)').padEnd(33)} | ${f(summary[name].createEngineMs).padStart(12)} | ${f(summary[name].firstPrepareMs).padStart(15)} | ${f(summary[name].sinceNavigationMs).padStart(16)} |`,
      ),
      `ratio: js-tiktoken ÷ ctxkit, createEngine + first prepare ${(summary['js-tiktoken'].firstPrepareMs / summary.ctxkit.firstPrepareMs).toFixed(1)}×; target < 150 ms`,
    ].join('\n'),
  );
  // A comparison with another build, written by the A/B mode, stays until that mode runs again.
  const kept = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { comparedWithBase?: unknown }).comparedWithBase
    : undefined;
  const result = {
    runs: RUNS,
    summary,
    loadAverage: [loadAtStart, loadavg()[0] ?? 0],
    ...(kept !== undefined && { comparedWithBase: kept }),
  };
  writeFileSync(RESULTS, toJson(result));
  console.log(`\nResults written to ${RESULTS}`);
}

async function compareWithBase(page: Page, url: string, baseIndex: string): Promise<void> {
  const pageUrl = (build: Build) => `${url}${build}/page.html`;
  const samples: Record<Build, StartupSample[]> = { new: [], base: [] };
  const loads: number[] = [];
  await load(page, pageUrl('new'));
  await load(page, pageUrl('base'));
  for (let run = 0; run < RUNS; run++) {
    // Each build goes first in every other pair: neither always follows the other's garbage or cache state.
    const order: Build[] = run % 2 === 0 ? ['new', 'base'] : ['base', 'new'];
    for (const build of order) samples[build].push(await load(page, pageUrl(build)));
    loads.push(loadavg()[0] ?? 0);
  }
  const summary = { new: summarize(samples.new), base: summarize(samples.base) };
  const ratio = {
    createEngine: summary.new.createEngineMs / summary.base.createEngineMs,
    firstPrepare: summary.new.firstPrepareMs / summary.base.firstPrepareMs,
    sinceNavigation: summary.new.sinceNavigationMs / summary.base.sinceNavigationMs,
  };
  const loadAverage = {
    min: Math.min(...loads),
    median: median(loads),
    max: Math.max(...loads),
  };
  console.log(
    [
      '',
      `Startup in Chromium, this build against ${baseIndex}, page loads alternated, median of ${RUNS} each`,
      '| build            | createEngine | + first prepare | since navigation |',
      ...(['new', 'base'] as const).map(
        (name) =>
          `| ${(name === 'new' ? 'this build' : 'base').padEnd(16)} | ${f(summary[name].createEngineMs).padStart(12)} | ${f(summary[name].firstPrepareMs).padStart(15)} | ${f(summary[name].sinceNavigationMs).padStart(16)} |`,
      ),
      `ratio this ÷ base: createEngine ${ratio.createEngine.toFixed(3)}, createEngine + first prepare ${ratio.firstPrepare.toFixed(3)}, since navigation ${ratio.sinceNavigation.toFixed(3)}; load average ${loadAverage.min.toFixed(1)} to ${loadAverage.max.toFixed(1)}`,
    ].join('\n'),
  );
  const previous = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as object) : {};
  const comparedWithBase = {
    generatedAt: new Date().toISOString(),
    base: process.env.STARTUP_BASE_LABEL ?? baseIndex,
    runs: RUNS,
    summary,
    ratio: {
      createEngine: round(ratio.createEngine),
      firstPrepare: round(ratio.firstPrepare),
      sinceNavigation: round(ratio.sinceNavigation),
    },
    loadAverage,
  };
  writeFileSync(RESULTS, toJson({ ...previous, comparedWithBase }));
  console.log(`\nResults written to ${RESULTS}`);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
