/**
 * The IndexedDB store benchmark, in Chromium on its real IndexedDB: Vite serves bench/idb/page.html, Playwright
 * drives the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; never a downloaded one) and the page
 * times the store. Part of `pnpm bench`; writes bench/idb-results.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { openBenchPage } from '../browser-page.js';
import { toJson } from '../report.js';
import { summarize } from '../samples.js';
import type { LongOpenResult } from './long-open.js';
import type { IdbBenchResult, Sampled } from './page.js';

function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

function row(label: string, sampled: Sampled, target = ''): string {
  return `| ${label.padEnd(62)} | ${ms(sampled.median).padStart(9)} | ${ms(sampled.p90).padStart(9)} | ${target.padEnd(8)} |`;
}

async function main(): Promise<void> {
  process.stderr.write('  … IndexedDB store benchmark in Chromium (builds a 5,000-message session)\n');
  const { page, close } = await openBenchPage('bench/idb/page.html');
  try {
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
      open: summarize([long.open]),
      firstPrepare: summarize([long.firstPrepare]),
      firstPrepareAfterASecond: summarize([long.firstPrepareAfterASecond]),
      laterPrepare: summarize([long.laterPrepare]),
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
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
