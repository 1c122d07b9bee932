import fc from 'fast-check';
import { Tiktoken } from 'js-tiktoken/lite';
import { describe, expect, test } from 'vitest';
import { createBpeCount } from './bpe.js';

const ENCODINGS = {
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
} as const;

const SAMPLES = [
  '',
  'hello world',
  'Hello, World! 1234567 tokens; 3.14159',
  'नमस्ते दुनिया, यह एक परीक्षण है',
  '日本語のテキストを数える。中文的句子也一样。',
  'สวัสดีครับ ภาษาไทยไม่มีช่องว่าง',
  'Привет, мир! Ünïcödé ßtraße façade',
  '  def area(r):\n    return 3.14 * r ** 2\n\n\n',
  'emoji 👍🏽 family 👨‍👩‍👧 flags 🇫🇷',
  'a lone surrogate \uD800 and \uDFFF here',
  '<|endoftext|> and <|im_start|> are text here',
  'x'.repeat(64),
  '\t\t\r\n  \u00a0\u2003 mixed   whitespace',
];

describe.each(Object.entries(ENCODINGS))('createBpeCount with %s', (_, load) => {
  test('counts exactly as js-tiktoken encodes, special tokens as text', async () => {
    const ranks = (await load()).default;
    const count = createBpeCount(ranks);
    const reference = new Tiktoken(ranks);
    const expected = (text: string) => reference.encode(text, [], []).length;
    for (const text of SAMPLES) expect(count(text), JSON.stringify(text)).toBe(expected(text));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 40 }),
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc
            .array(fc.constantFrom(...SAMPLES, ' ', '\n', 'ing', 'the'), { maxLength: 6 })
            .map((parts) => parts.join('')),
        ),
        (text) => count(text) === expected(text),
      ),
      { numRuns: 400 },
    );
  });
});

test('a rank file with a token that is not base64 is refused, saying where', () => {
  expect(() => createBpeCount({ pat_str: '\\S+', bpe_ranks: '! 0 YQ== Yg== *?' })).toThrow(
    /Invalid base64 in a token rank file at character 14/,
  );
});
