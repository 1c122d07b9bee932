/**
 * The IndexedDB store benchmark, in Chromium on its real IndexedDB: Vite serves bench/idb/page.html, Playwright
 * drives the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; never a downloaded one) and the page
 * times the store. Part of `pnpm bench`; writes bench/idb-results.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { createServer } from 'vite';
import checkChromium, { CHROMIUM_ARGS, chromiumPath } from '../../vitest.chromium-setup.js';
import { toJson } from '../report.js';
import { quantile } from '../stats.js';
import type { LongOpenResult } from './long-open.js';
import type { IdbBenchResult, Sampled } from './page.js';

/** One run of timings: its median (and the spread) in the form the page's figures use. */
function sampled(values: readonly number[]): Sampled {
  const median = quantile(values, 0.5);
  return {
    median,
    p90: quantile(values, 0.9),
    min: Math.min(...values),
    max: Math.max(...values),
    runMedians: [median],
    samples: values.length,
  };
}

const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

function row(label: string, sampled: Sampled, target = ''): string {
  return `| ${label.padEnd(62)} | ${ms(sampled.median).padStart(9)} | ${ms(sampled.p90).padStart(9)} | ${target.padEnd(8)} |`;
}

async function main(): Promise<void> {
  checkChromium();
  process.stderr.write('  … IndexedDB store benchmark in Chromium (builds a 5,000-message session)\n');
  const server = await createServer({
    configFile: false,
    root: PACKAGE_ROOT,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0 },
    optimizeDeps: { include: ['idb'] },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('the Vite server has no port');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => process.stderr.write(`page error: ${error.message}\n`));
    await page.goto(`http://127.0.0.1:${address.port}/bench/idb/page.html`);
    await page.waitForFunction(
      () => typeof (window as { runIdbBench?: unknown }).runIdbBench === 'function',
      null,
      {
        timeout: 120_000,
      },
    );
    const loadAtStart = loadavg()[0] ?? 0;
    const measured = (await page.evaluate(() =>
      (window as unknown as { runIdbBench: () => Promise<unknown> }).runIdbBench(),
    )) as IdbBenchResult;
    process.stderr.write('  … reopening a 20,000-message session (builds it through the engine first)\n');
    const long = (await page.evaluate(() =>
      (window as unknown as { runLongOpenBench: () => Promise<unknown> }).runLongOpenBench(),
    )) as LongOpenResult;
    const longOpen = {
      messages: long.messages,
      buildSeconds: long.buildSeconds,
      open: sampled(long.open),
      firstPrepare: sampled(long.firstPrepare),
      firstPrepareAfterASecond: sampled(long.firstPrepareAfterASecond),
      laterPrepare: sampled(long.laterPrepare),
    };
    // Other work on the machine skews browser timings: the 1-minute load average before and after.
    const result = { ...measured, longOpen, loadAverage: [loadAtStart, loadavg()[0] ?? 0] };
    const lines = [
      '',
      `IndexedDB store, ${result.userAgent.match(/(?:Headless)?Chrom(?:e|ium)\/[\d.]+/)?.[0] ?? 'Chromium'}`,
      `| ${'measure'.padEnd(62)} | ${'median'.padStart(9)} | ${'p90'.padStart(9)} | target   |`,
      row(`commit one turn (session.commit), turn ${result.shape.earlyTurn}`, result.commit.early, '< 5 ms'),
      row(
        `commit one turn, ${result.commit.lateMessages.toLocaleString('en')}–5,000 messages`,
        result.commit.late,
        '< 5 ms',
      ),
      row(
        `open a ${result.open.messages.toLocaleString('en')}-message session (engine.openSession)`,
        result.open.engineOpenSession,
        '< 150 ms',
      ),
      row('  store.loadSession alone (another store object)', result.open.loadSession),
      row('  then the first commit (waits for the turn rows)', result.open.firstCommit),
      row("  bare IndexedDB getAll of the store's message rows", result.open.rawSegments),
      row("  bare IndexedDB getAll of the store's turn rows", result.open.rawTurns),
      row('  peer: bare IndexedDB getAll, one row per message', result.open.rawGetAll),
      row(
        `reopen a ${longOpen.messages.toLocaleString('en')}-message session (engine.openSession)`,
        longOpen.open,
        '< 300 ms',
      ),
      row('  its first prepare, a second after opening', longOpen.firstPrepareAfterASecond, '< 30 ms'),
      row('  its first prepare, right after opening', longOpen.firstPrepare),
      row('  a later prepare', longOpen.laterPrepare),
      row('commit 1,000 messages in one transaction (commitTurn)', result.write1000.commitTurn),
      row('  peer: bare IndexedDB, one row per message, one transaction', result.write1000.rawMessageRows),
      row('write 1,000 embedding rows in one transaction (putEmbeddings)', result.write1000.putEmbeddings),
      row('  peer: bare IndexedDB, the same rows, one transaction', result.write1000.rawEmbeddingRows),
      '',
      `ratios: open ÷ bare getAll ${(result.open.loadSession.median / result.open.rawGetAll.median).toFixed(2)}×, ` +
        `1,000 messages ÷ bare ${(result.write1000.commitTurn.median / result.write1000.rawMessageRows.median).toFixed(2)}×, ` +
        `1,000 embeddings ÷ bare ${(result.write1000.putEmbeddings.median / result.write1000.rawEmbeddingRows.median).toFixed(2)}×; ` +
        `building the session took ${result.buildSeconds.toFixed(1)} s`,
    ];
    console.log(lines.join('\n'));
    const file = fileURLToPath(new URL('../idb-results.json', import.meta.url));
    writeFileSync(file, toJson(result));
    console.log(`\nResults written to ${file}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
