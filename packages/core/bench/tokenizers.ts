/**
 * What each model family's exact tokenizer costs an app: the download of its data (the files of dist/tokenizers,
 * gzipped one by one as a server sends them, plus the counting code they share), the time from
 * `loadModelTokenizer(family)` to a counter in Node, and counting speed on mixed text (prose in four scripts, code
 * and JSON). Runs on the built package: `pnpm --filter @ctxkit/core build && pnpm --filter @ctxkit/core
 * bench:tokenizers`; writes bench/tokenizers-results.json.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { machineInfo } from './machine.js';
import { toJson } from './report.js';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const FAMILIES = [
  ['llama3', 'llama3'],
  ['qwen2', 'qwen2'],
  ['qwen2_5', 'qwen2'],
  ['deepseek_v3', 'deepseek_v3'],
  ['gemma2', 'gemma2'],
  ['gemma3', 'gemma3'],
  ['mistral', 'mistral'],
  ['tekken', 'tekken'],
  ['llama2', 'llama2'],
  ['phi3', 'llama2'],
  ['o200k_harmony', 'o200k_base'],
] as const;

const SAMPLE = [
  'The planner keeps every request under the window: rules, pins, history and retrieved passages, in that order. ',
  '上下文窗口是有限的，当对话超出模型能读取的范围时，必须舍弃一些内容。',
  'コンテキストウィンドウには限りがあります。会話が長くなると古いターンを削ります。',
  'Контекстное окно конечно; что-то приходится убрать. ',
  'export function fit(items: Item[], budget: number) {\n  return items.filter((item) => item.tokens <= budget);\n}\n',
  '{"name":"search_docs","arguments":{"query":"token budget","limit":5}}\n',
].join('');

function filesOf(data: string): string[] {
  if (data === 'o200k_base')
    return readdirSync(`${DIST}tokens/ranks`)
      .filter((file) => /^o200k_base-\d+\.js$/.test(file))
      .map((file) => `${DIST}tokens/ranks/${file}`);
  return readdirSync(`${DIST}tokenizers`)
    .filter((file) => new RegExp(`^${data}-\\d+\\.js$`).test(file))
    .map((file) => `${DIST}tokenizers/${file}`);
}

const counting = readdirSync(`${DIST}chunks`).find((file) => /^counting-.*\.js$/.test(file));
if (!counting) throw new Error('dist has no counting chunk: run `pnpm --filter @ctxkit/core build`');
const countingGzip = gzipSync(readFileSync(`${DIST}chunks/${counting}`)).length;

const { loadModelTokenizer } = (await import(`${DIST}index.js`)) as typeof import('../src/index.js');
const rows = [];
for (const [family, data] of FAMILIES) {
  const files = filesOf(data);
  const raw = files.reduce((total, file) => total + readFileSync(file).length, 0);
  const gzip = files.reduce((total, file) => total + gzipSync(readFileSync(file)).length, 0);
  // Wall time and this process's CPU time: on a shared machine the wall time grows with other work, CPU time less.
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const counter = await loadModelTokenizer(family);
  const loadMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const loadCpuMs = (cpu.user + cpu.system) / 1000;
  // Fresh text each round, so the counter's memory of words does not flatter it.
  const texts = Array.from({ length: 40 }, (_, i) => `${i} ${SAMPLE}`.repeat(4));
  const countStart = performance.now();
  let tokens = 0;
  for (const text of texts) tokens += counter.count(text);
  const countMs = performance.now() - countStart;
  const chars = texts.reduce((total, text) => total + text.length, 0);
  rows.push({
    family,
    data,
    files: files.length,
    rawKB: Math.round(raw / 100) / 10,
    gzipKB: Math.round(gzip / 100) / 10,
    loadMs: Math.round(loadMs),
    loadCpuMs: Math.round(loadCpuMs),
    charsPerMs: Math.round(chars / countMs),
    tokensPerChar: Math.round((tokens / chars) * 1000) / 1000,
  });
}

console.log(`\nModel tokenizers (counting code shared by all: ${(countingGzip / 1000).toFixed(1)} kB gzip)`);
console.log(
  '  family         data          files   raw kB   gzip kB   load ms (CPU)   chars/ms   tokens/char',
);
for (const row of rows)
  console.log(
    `  ${row.family.padEnd(14)} ${row.data.padEnd(13)} ${String(row.files).padStart(5)} ${String(row.rawKB).padStart(8)} ${String(row.gzipKB).padStart(9)} ${String(row.loadMs).padStart(9)} ${`(${row.loadCpuMs})`.padStart(7)} ${String(row.charsPerMs).padStart(10)} ${String(row.tokensPerChar).padStart(13)}`,
  );
writeFileSync(
  fileURLToPath(new URL('./tokenizers-results.json', import.meta.url)),
  toJson({
    generatedAt: new Date().toISOString(),
    machine: machineInfo(),
    countingGzipKB: countingGzip / 1000,
    rows,
  }),
);
console.log('\nResults written to bench/tokenizers-results.json');
