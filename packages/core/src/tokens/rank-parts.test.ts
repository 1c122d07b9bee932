import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, test } from 'vitest';
import { createBpeCount } from './bpe.js';
import { joinRankParts, splitRanks } from './rank-parts.js';

const TEXT = [
  'Read package.json and tell me the version.',
  'नमस्ते दुनिया, यह एक परीक्षण है. こんにちは世界。Привет, мир! مرحبا بالعالم',
  'const x = await fetch("https://example.com/" + id); // 🚀🚀 ✓',
  '    indented\n\n\ttabs and   spaces   ',
  'aGVsbG8gd29ybGQ='.repeat(20),
].join('\n');

const asModule = (ranks: typeof o200k | ReturnType<typeof splitRanks>[number]) =>
  Promise.resolve({ default: ranks });

describe('splitRanks and joinRankParts', () => {
  test('the o200k_base ranks cut in parts under 470,000 characters count exactly as the whole file', async () => {
    const parts = splitRanks(o200k, 470_000);
    expect(parts.length).toBe(5);
    for (const part of parts) {
      expect(part.bpe_ranks.length).toBeLessThanOrEqual(470_000);
      expect(part.bpe_ranks).toMatch(/^! \d+ /);
      expect(part.pat_str).toBe(o200k.pat_str);
    }
    const joined = await joinRankParts(parts.map(asModule));
    const whole = createBpeCount(o200k);
    const fromParts = createBpeCount(joined);
    expect(fromParts(TEXT)).toBe(whole(TEXT));
    for (const line of TEXT.split('\n')) expect(fromParts(line)).toBe(whole(line));
  });

  test('every cut and every run of a small rank file keeps each token at its rank', async () => {
    // Ranks 0-3 are "a" "b" "c" "d"; a second run starts at 10: "ab" (10) and "cd" (11).
    const ranks = { pat_str: '\\S+|\\s+', bpe_ranks: '! 0 YQ== Yg== Yw== ZA== ! 10 YWI= Y2Q=' };
    const whole = createBpeCount(ranks);
    for (let maxLength = 1; maxLength <= 40; maxLength++) {
      const parts = splitRanks(ranks, maxLength);
      const joined = await joinRankParts(parts.map(asModule));
      expect(joined.bpe_ranks.split(/\s+/).filter((field) => field !== '!' && !/^\d+$/.test(field))).toEqual([
        'YQ==',
        'Yg==',
        'Yw==',
        'ZA==',
        'YWI=',
        'Y2Q=',
      ]);
      const count = createBpeCount(joined);
      for (const text of ['abcd', 'ab', 'cd', 'dcba', 'a b c d']) expect(count(text)).toBe(whole(text));
    }
  });

  test('one part is the rank file itself', async () => {
    expect(await joinRankParts([asModule(o200k)])).toBe(o200k);
  });
});
