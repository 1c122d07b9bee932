/**
 * What recall costs in a browser: bench/recall-speed.ts's measures in Chromium on its real IndexedDB. For 1,000,
 * 10,000 and 100,000 messages (LoCoMo lines over sessions of 100 turns, each session a copy of one played through
 * the engine, so the database holds turn rows and plans as an app's does), the page times `prepare` with recall on
 * and off on the same database, prepare + commit, and the first request (which reads every session and builds the
 * index). Vite serves the page, Playwright drives the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * The data is read here, outside the repository, and handed to the page. Writes bench/recall-browser-results.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openBenchPage } from '../browser-page.js';
import { loadAverage, machineInfo } from '../machine.js';
import { locomoLines } from '../recall-store.js';
import { toJson } from '../report.js';
import type { RecallBrowserRow } from './page.js';
import { SHAPE } from './shape.js';

const SIZES = [1_000, 10_000, 100_000];

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

async function main(): Promise<void> {
  const text = locomoLines();
  const { page, close } = await openBenchPage('bench/recall-browser/page.html', ['--js-flags=--expose-gc']);
  try {
    await page.waitForFunction(
      () => typeof (window as { runRecallBrowserBench?: unknown }).runRecallBrowserBench === 'function',
      null,
      { timeout: 120_000 },
    );
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const loadAtStart = loadAverage();
    const rows: RecallBrowserRow[] = [];
    for (const size of SIZES) {
      const row = (await page.evaluate(
        ([messages, data]) =>
          (
            window as unknown as {
              runRecallBrowserBench: (messages: number, text: readonly string[]) => Promise<unknown>;
            }
          ).runRecallBrowserBench(messages, data),
        [size, text] as const,
      )) as RecallBrowserRow;
      rows.push(row);
      process.stderr.write(
        `  … ${size.toLocaleString('en')} messages done (database written in ${row.fillSeconds.toFixed(1)} s)\n`,
      );
    }
    const table = rows.map((row) => ({
      messages: row.messages,
      'prepare, recall': ms(row.prepare.on.median),
      'recall off': ms(row.prepare.off.median),
      'p90, recall': ms(row.prepare.on.p90),
      'search alone': ms(row.searchAlone.median),
      'prepare+commit, recall': ms(row.prepareCommit.on.median),
      'prepare+commit, off': ms(row.prepareCommit.off.median),
      'first request, recall': ms(row.firstRequest.on.median),
      'first request, off': ms(row.firstRequest.off.median),
      'read all sessions': ms(row.firstRequestParts.readAll.median),
      'index them': ms(row.firstRequestParts.index.median),
    }));
    console.log(`\nRecall on IndexedDB, ${userAgent.match(/(?:Headless)?Chrom(?:e|ium)\/[\d.]+/)?.[0]}`);
    console.table(table);
    const file = fileURLToPath(new URL('../recall-browser-results.json', import.meta.url));
    writeFileSync(
      file,
      toJson({
        machine: machineInfo(),
        userAgent,
        // Other work on the machine skews browser timings: the load averages before and after.
        loadAverage: { start: loadAtStart, end: loadAverage() },
        shape: SHAPE,
        rows,
      }),
    );
    console.log(`\nResults written to ${file}`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
