// How soon a visitor can type: the production build (`pnpm --filter @ctxkit/demo build` first) served by a plain
// static server and opened in the system's Chromium, each run in a new profile (nothing cached, an empty database).
// Per run, from the navigation's start: first contentful paint, the message input in the page and taking typing,
// and the app ready (database open, engine built: a message is sent at once). Medians over RUNS runs.
//   pnpm --filter @ctxkit/demo bench          (writes bench/startup-results.json)
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, checkChromium, chromiumPath } from '../../../scripts/chromium.js';
import { serveStatic } from '../e2e/static-server.js';

const RUNS = Number(process.env.RUNS ?? 9);
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

interface Run {
  readonly firstPaint: number;
  readonly inputReady: number;
  readonly appReady: number;
}

// Runs in the page before its scripts: notes when the input first exists (enabled) and when the app is ready.
const WATCH = `
  window.__startup = {};
  new MutationObserver(() => {
    const marks = window.__startup;
    const input = document.getElementById('composer-input');
    if (marks.inputReady === undefined && input && !input.disabled) marks.inputReady = performance.now();
    if (marks.appReady === undefined && document.querySelector('.app[data-state="ready"]')) marks.appReady = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

checkChromium();
const server = await serveStatic(dist);
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
const runs: Run[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(WATCH);
    await page.goto(server.url);
    await page.locator('.app[data-state="ready"]').waitFor();
    runs.push(
      await page.evaluate(() => {
        const marks = (window as unknown as { __startup: { inputReady: number; appReady: number } })
          .__startup;
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
        return { firstPaint: paint, inputReady: marks.inputReady, appReady: marks.appReady };
      }),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}

const round = (ms: number) => Math.round(ms);
const result = {
  machine: {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
  },
  runs: runs.length,
  medianMs: {
    firstPaint: round(median(runs.map((run) => run.firstPaint))),
    inputReady: round(median(runs.map((run) => run.inputReady))),
    appReady: round(median(runs.map((run) => run.appReady))),
    firstPaintToInput: round(median(runs.map((run) => Math.max(0, run.inputReady - run.firstPaint)))),
  },
  allMs: runs.map((run) => ({
    firstPaint: round(run.firstPaint),
    inputReady: round(run.inputReady),
    appReady: round(run.appReady),
  })),
};
writeFileSync(new URL('./startup-results.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.table(result.medianMs);
