import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { tokenize } from './index.js';
import { createSegmenterSplitter, splitByRule } from './unspaced.js';

// Runs in Node and in every browser engine: the words of unspaced scripts must not depend on which one.

const RUNS = [
  '東京',
  '東京都に住んでいます',
  '日本語のテキスト',
  'ファイルを読む',
  '我喜欢学习中文',
  '帮我查询数据库里的用户',
  'สวัสดีครับ',
  'ສະບາຍດີ',
  'ភាសាខ្មែរ',
  'မြန်မာ',
];

describe("the platform's segmenter", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('keeps every letter of a run, whatever the engine calls word-like', () => {
    const split = createSegmenterSplitter();
    expect(split).not.toBeNull();
    for (const run of RUNS) expect(split?.(run).join(''), run).toBe(run);
  });

  test('finds the Japanese, Chinese and Thai words the retrieval tests search for', () => {
    expect(tokenize('Grüße, 東京')).toEqual(['grüße', '東京']);
    expect(tokenize('東京の天気を調べる')).toContain('東京');
    expect(tokenize('我们明天去北京开会')).toContain('北京');
    expect(tokenize('读取文件')).toContain('文件');
  });

  test('a segmenter that loses text is replaced by the rule for that run', () => {
    class Lossy {
      segment(run: string) {
        return [{ segment: run.slice(0, 1), isWordLike: true }];
      }
    }
    vi.stubGlobal('Intl', { ...Intl, Segmenter: Lossy });
    expect(createSegmenterSplitter()?.('读取文件')).toEqual(splitByRule('读取文件'));
  });

  test('none without Intl.Segmenter', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    expect(createSegmenterSplitter()).toBeNull();
  });
});

describe('the rule without a segmenter', () => {
  test('cuts where the script changes and pairs long Han stretches', () => {
    expect(splitByRule('東京')).toEqual(['東京']);
    expect(splitByRule('北京')).toEqual(['北京']);
    expect(splitByRule('读取文件')).toEqual(['读取', '取文', '文件']);
    expect(splitByRule('ファイルを読む')).toEqual(['ファイル', 'を', '読', 'む']);
    expect(splitByRule('データベース')).toEqual(['データベース']);
    expect(splitByRule('สวัสดีครับ')).toEqual(['สวัสดีครับ']);
    expect(splitByRule('abc東京')).toEqual(['abc', '東京']);
  });

  test('a query word of two Han characters meets a text that contains it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'我想读取一个文件北京天气'), minLength: 2 }),
        (text) => {
          const pairs = splitByRule(text);
          for (let i = 0; i + 1 < text.length; i++) {
            const word = text.slice(i, i + 2);
            expect(pairs.includes(word) || pairs.includes(text)).toBe(true);
          }
        },
      ),
    );
  });

  test('loses no letter and keeps combining marks with their letter', () => {
    for (const run of RUNS) {
      const words = splitByRule(run);
      const han = words.filter((word) => /\p{Script=Han}/u.test(word) && [...word].length === 2);
      // Overlapping pairs repeat characters; everything else is a cut of the run.
      if (han.length === 0) expect(words.join('')).toBe(run);
      for (const word of words) expect(/^\p{M}/u.test(word)).toBe(false);
    }
  });
});
