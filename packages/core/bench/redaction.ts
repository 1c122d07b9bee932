/**
 * How well secret redaction works and what it costs. Recall (share of made-up secrets redacted) and false positives
 * (share of ordinary texts altered) on the test corpus of src/privacy; then the time per text entering a session,
 * against counting the same text's tokens (which the engine does for every message anyway), in the same process on
 * the same input. Run with `npx tsx --expose-gc bench/redaction.ts` in packages/core; prints tables and writes
 * bench/redaction-results.json (or the file named by REDACTION_RESULTS).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadTiktokenCounter, redactSecrets } from '../src/index.js';
import { ordinaryCorpus, secretCorpus } from '../src/privacy/redaction-corpus.fixtures.js';
import { FIXTURE_SEED, generateCatalog, generateConversation, generateQueries } from './fixtures.js';
import { loadAverage, machineInfo } from './machine.js';
import { Prng } from './prng.js';
import { toJson } from './report.js';
import { createBench, playTurn } from './scenario.js';
import { type TimingPlan, timeCases } from './stats.js';

/** Microseconds are plenty, and short numbers keep the JSON's arrays on one line. */
const roundNumbers = (_key: string, value: unknown) =>
  typeof value === 'number' ? Math.round(value * 1e4) / 1e4 : value;

const TIMING: TimingPlan = { runs: 5, iterations: 10, warmup: 3 };
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const WORDS =
  'the a session plan budget token request reply tool result history error file read write check'.split(' ');

const prng = new Prng(20_261_122);
const randomToken = (length: number, alphabet = ALPHANUMERIC) =>
  Array.from({ length }, () => alphabet[prng.int(0, alphabet.length - 1)]).join('');
const prose = (characters: number) => {
  let text = '';
  while (text.length < characters) text += `${prng.pick(WORDS)}${prng.chance(0.1) ? '.\n' : ' '}`;
  return text;
};
const repeatTo = (characters: number, text: string) =>
  text.repeat(Math.ceil(characters / text.length)).slice(0, characters);
// Made-up keys, built here so no file holds one.
const openaiKey = () => `sk-${'proj'}-${randomToken(120)}`;

// Accuracy. Five seeds give each shape five different random bodies; the ordinary texts are fixed.
const secretSamples = [1, 2, 3, 4, 5].flatMap((seed) => secretCorpus(seed));
const ordinaryTexts = ordinaryCorpus();
const missed = secretSamples.filter((sample) => redactSecrets(sample.input).text.includes(sample.secret));
const inexact = secretSamples.filter((sample) => redactSecrets(sample.input).text !== sample.expected);
const altered = ordinaryTexts.filter((text) => redactSecrets(text).text !== text);
const accuracy = {
  secrets: secretSamples.length,
  recall: 1 - missed.length / secretSamples.length,
  /** Redacted exactly: the secret and nothing else of the text (the URL's host, the key name) replaced. */
  exact: 1 - inexact.length / secretSamples.length,
  ordinary: ordinaryTexts.length,
  falsePositiveRate: altered.length / ordinaryTexts.length,
  missedKinds: [...new Set(missed.map((sample) => `${sample.kind} (${sample.context})`))],
  alteredTexts: altered,
};
console.log(
  `recall ${missed.length === 0 ? 1 : accuracy.recall.toFixed(3)} (${secretSamples.length - missed.length} of ` +
    `${secretSamples.length} secrets redacted; ${secretSamples.length - inexact.length} exactly), ` +
    `false positives ${altered.length} of ${ordinaryTexts.length} ordinary texts altered\n`,
);
if (missed.length > 0) console.log(`missed: ${accuracy.missedKinds.join(', ')}\n`);

const inputs = {
  /** A chat message of 2,000 characters with one key in it. */
  message: `${prose(1_000)} ${openaiKey()} ${prose(1_000)}`,
  /** A 100 kB tool output: log lines, env assignments, digests, and 20 secrets. */
  toolOutput: Array.from({ length: 1_000 }, (_, i) =>
    i % 50 === 0
      ? `SERVICE_TOKEN=${randomToken(40)}`
      : i % 7 === 0
        ? `commit ${randomToken(40, '0123456789abcdef')} ${prose(40)}`
        : prose(100),
  ).join('\n'),
  /** A 200 kB image data URL. */
  dataUrl: `data:image/png;base64,${randomToken(200_000, `${ALPHANUMERIC}+/`)}`,
  /** 100 kB of one letter: no separators anywhere, the worst case for assignment matching. */
  unbroken: 'a'.repeat(100_000),
  /** The corpus, one text a line, repeated to about 100 kB: a secret or a look-alike on every line. */
  corpus: repeatTo(100_000, [...secretCorpus(1).map((sample) => sample.input), ...ordinaryTexts].join('\n')),
};

const counter = await loadTiktokenCounter('o200k_base');
type Name = keyof typeof inputs;
const results: Record<string, unknown> = { accuracy };
process.stderr.write(`machine: ${JSON.stringify(machineInfo())}, load ${loadAverage().join(' ')}\n`);
console.log('| input | characters | redact (median ms) | count tokens (median ms) | redact ÷ count |');
console.log('| --- | --- | --- | --- | --- |');
for (const name of Object.keys(inputs) as Name[]) {
  const text = inputs[name];
  const timings = await timeCases(TIMING, {
    redact: { body: () => redactSecrets(text) },
    count: { body: () => counter.count(text) },
  });
  const ratio = timings.redact.median / timings.count.median;
  results[name] = { characters: text.length, redact: timings.redact, count: timings.count, ratio };
  console.log(
    `| ${name} | ${text.length.toLocaleString('en')} | ${timings.redact.median.toFixed(3)} | ` +
      `${timings.count.median.toFixed(3)} | ${ratio.toFixed(2)}× |`,
  );
}
// The same 2,000-message session built twice, with redaction on (the default) and off: what redaction adds to a
// warm `prepare` (the new message, and the plan's list of what was redacted).
process.stderr.write('building two 2,000-message sessions\n');
const catalog = generateCatalog();
const conversation = generateConversation(FIXTURE_SEED + 1, catalog.sessionToolNames);
const on = await createBench(catalog);
const off = await createBench(catalog, { redaction: { enabled: false } });
for (const turn of conversation) {
  await playTurn(on.session, turn);
  await playTurn(off.session, turn);
}
const queries = generateQueries(FIXTURE_SEED + 5, 10);
const prepareCase = (bench: typeof on) => ({
  body: (call: number) => bench.session.prepare(queries[call % queries.length] as string),
  after: (turn: unknown) => bench.session.rollback(turn as Awaited<ReturnType<typeof bench.session.prepare>>),
});
const prepare = await timeCases(
  { runs: 5, iterations: 50, warmup: 20 },
  { on: prepareCase(on), off: prepareCase(off) },
);
const prepareRatio = prepare.on.median / prepare.off.median;
results.prepare = {
  messages: on.session.messages.length,
  on: prepare.on,
  off: prepare.off,
  ratio: prepareRatio,
};
console.log(
  `\nsession.prepare at ${on.session.messages.length} messages: redaction on ${prepare.on.median.toFixed(3)} ms, ` +
    `off ${prepare.off.median.toFixed(3)} ms (${prepareRatio.toFixed(2)}×)`,
);

writeFileSync(
  process.env.REDACTION_RESULTS ?? fileURLToPath(new URL('./redaction-results.json', import.meta.url)),
  toJson(JSON.parse(JSON.stringify({ machine: machineInfo(), timing: TIMING, results }, roundNumbers))),
);
