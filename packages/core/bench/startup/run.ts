/**
 * The startup benchmark, in Chromium: a page built by Vite the way an app ships (the core's built package bundled,
 * the tokenizer's ranks lazy chunks in parts, as they ship) and served by Vite's preview server; the system's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) loads it once to fill the HTTP cache, then again and again with the cache warm. Each load
 * times `createEngine` and the first `prepare` with ctxkit's counter and, on alternate loads, with a counter built
 * on js-tiktoken's `Tiktoken` class on the same ranks. `pnpm --filter @ctxkit/core bench:startup`; writes
 * bench/startup-results.json.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { build, preview } from 'vite';
import checkChromium, { CHROMIUM_ARGS, chromiumPath } from '../../vitest.chromium-setup.js';
import { toJson } from '../report.js';
import { median } from '../stats.js';
import type { StartupSample } from './page.js';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const RUNS = 15;
const DIST_INDEX = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

async function main(): Promise<void> {
  checkChromium();
  if (!existsSync(DIST_INDEX))
    throw new Error(
      'packages/core/dist is missing: run `pnpm --filter @ctxkit/core build` (`pnpm bench` builds it)',
    );
  const outDir = mkdtempSync(join(tmpdir(), 'ctxkit-startup-'));
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, rolldownOptions: { input: join(ROOT, 'page.html') } },
    // The page imports the source for its types; what it runs is the built package.
    resolve: { alias: [{ find: /^\.\.\/\.\.\/src\/index\.js$/, replacement: DIST_INDEX }] },
  });
  // What the page runs is what ships: the ranks arrive in parts, not as js-tiktoken's whole file.
  const rankParts = readdirSync(join(outDir, 'assets')).filter((file) => /^o200k_base-\d/.test(file));
  if (rankParts.length < 2)
    throw new Error(`the page was not built on the package's rank parts (${rankParts.join(', ')})`);
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
  const loadAtStart = loadavg()[0] ?? 0;
  const samples: Record<StartupSample['tokenizer'], StartupSample[]> = { ctxkit: [], 'js-tiktoken': [] };
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    const load = async (tokenizer: StartupSample['tokenizer']) => {
      await page.goto(`${url}page.html${tokenizer === 'js-tiktoken' ? '?tokenizer=js-tiktoken' : ''}`);
      return (await page.evaluate(
        () => (window as unknown as { startup: Promise<unknown> }).startup,
      )) as StartupSample;
    };
    // The first loads fill the HTTP cache and compile caches; they are not counted.
    await load('ctxkit');
    await load('js-tiktoken');
    for (let run = 0; run < RUNS; run++) {
      for (const tokenizer of ['ctxkit', 'js-tiktoken'] as const)
        samples[tokenizer].push(await load(tokenizer));
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    rmSync(outDir, { recursive: true, force: true });
  }
  const summarize = (list: readonly StartupSample[]) => ({
    createEngineMs: median(list.map((sample) => sample.createEngineMs)),
    firstPrepareMs: median(list.map((sample) => sample.firstPrepareMs)),
    sinceNavigationMs: median(list.map((sample) => sample.sinceNavigationMs)),
    tokens: list[0]?.tokens,
  });
  const summary = { ctxkit: summarize(samples.ctxkit), 'js-tiktoken': summarize(samples['js-tiktoken']) };
  const result = { runs: RUNS, summary, loadAverage: [loadAtStart, loadavg()[0] ?? 0] };
  const f = (value: number) => `${value.toFixed(1)} ms`;
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
  const file = fileURLToPath(new URL('../startup-results.json', import.meta.url));
  writeFileSync(file, toJson(result));
  console.log(`\nResults written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
