import { describe, expect, test } from 'vitest';
import { createApproximateCounter, loadTiktokenCounter, withTokenCache } from './index.js';
import { countInPieces, MAX_RUN } from './pieces.js';

describe('loadTiktokenCounter', () => {
  test('counts with the real o200k_base and cl100k_base ranks', async () => {
    const o200k = await loadTiktokenCounter('o200k_base');
    const cl100k = await loadTiktokenCounter('cl100k_base');
    expect(o200k.encoding).toBe('o200k_base');
    // "hello world" is two tokens in both encodings; a long non-ASCII text differs between them.
    expect(o200k.count('hello world')).toBe(2);
    expect(cl100k.count('hello world')).toBe(2);
    const hindi = 'नमस्ते दुनिया, यह एक परीक्षण है';
    expect(o200k.count(hindi)).toBeLessThan(cl100k.count(hindi));
    expect(o200k.count('')).toBe(0);
  });

  test('loads each encoding once and shares it', async () => {
    const [a, b] = await Promise.all([loadTiktokenCounter(), loadTiktokenCounter('o200k_base')]);
    expect(a).toBe(b);
  });

  test('counts special-token look-alikes as plain text instead of throwing', async () => {
    const counter = await loadTiktokenCounter();
    expect(counter.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  test('rejects an unknown encoding', async () => {
    // @ts-expect-error: not an encoding ctxkit ships
    await expect(loadTiktokenCounter('p50k_base')).rejects.toThrow(/Unknown tiktoken encoding 'p50k_base'/);
  });
});

describe('withTokenCache', () => {
  test('tokenizes each long text once', () => {
    let calls = 0;
    const base = createApproximateCounter();
    const counter = withTokenCache({
      encoding: base.encoding,
      count: (text) => {
        calls++;
        return base.count(text);
      },
    });
    const text = 'a long enough rule text to be cached';
    expect(counter.count(text)).toBe(base.count(text));
    expect(counter.count(text)).toBe(base.count(text));
    expect(calls).toBe(1);
    expect(counter.stats).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  test('evicts the least recently used entry past its size', () => {
    const counter = withTokenCache(createApproximateCounter(), { maxEntries: 2, minLength: 1 });
    counter.count('first');
    counter.count('second');
    counter.count('first');
    counter.count('third');
    expect(counter.stats.size).toBe(2);
    counter.count('first');
    expect(counter.stats.hits).toBe(2);
    counter.count('second');
    expect(counter.stats.misses).toBe(4);
  });
});

describe('createApproximateCounter', () => {
  test('counts about four characters a token, rounding up', () => {
    const counter = createApproximateCounter();
    expect(counter.encoding).toBe('approx-4');
    expect([0, 1, 4, 5, 8, 9].map((length) => counter.count('x'.repeat(length)))).toEqual([0, 1, 1, 2, 2, 3]);
  });

  test('takes another ratio, named in its encoding', () => {
    const counter = createApproximateCounter(3);
    expect(counter.encoding).toBe('approx-3');
    expect(counter.count('x'.repeat(7))).toBe(3);
  });
});

describe('withTokenCache: short texts and encoding', () => {
  test('texts shorter than minLength are counted every time and never cached', () => {
    let calls = 0;
    const counter = withTokenCache(
      {
        encoding: 'test',
        count: (text) => {
          calls++;
          return text.length;
        },
      },
      { minLength: 10 },
    );
    expect(counter.count('short')).toBe(5);
    expect(counter.count('short')).toBe(5);
    expect(calls).toBe(2);
    expect(counter.stats).toEqual({ hits: 0, misses: 0, size: 0 });
    counter.count('long enough');
    counter.count('long enough');
    expect(calls).toBe(3);
  });

  test('a text exactly minLength long is cached', () => {
    const counter = withTokenCache(createApproximateCounter(), { minLength: 10 });
    counter.count('ten chars!');
    counter.count('ten chars!');
    expect(counter.stats).toEqual({ hits: 1, misses: 1, size: 1 });
  });

  test('keeps the wrapped counter encoding', () => {
    expect(withTokenCache(createApproximateCounter(2)).encoding).toBe('approx-2');
  });
});

describe('long runs without whitespace', () => {
  test('prose is counted exactly as the tokenizer would', async () => {
    const counter = await loadTiktokenCounter();
    const { Tiktoken } = await import('js-tiktoken/lite');
    const ranks = await import('js-tiktoken/ranks/o200k_base');
    const exact = new Tiktoken(ranks.default);
    const prose = 'The quick brown fox jumps over the lazy dog.\n\nIt was the best of times. '.repeat(300);
    expect(counter.count(prose)).toBe(exact.encode(prose, [], []).length);
  });

  test('a long unbroken run is counted in pieces: never less than exact, at most a token a piece more', async () => {
    const counter = await loadTiktokenCounter();
    const { Tiktoken } = await import('js-tiktoken/lite');
    const ranks = await import('js-tiktoken/ranks/o200k_base');
    const exact = new Tiktoken(ranks.default);
    const letters = 'qwertyuiopasdfghjklzxcvbnm';
    const run = Array.from({ length: 600 }, (_, i) => letters[(i * 7) % letters.length]).join('');
    const text = `before ${run} after`;
    const counted = counter.count(text);
    const truth = exact.encode(text, [], []).length;
    expect(counted).toBeGreaterThanOrEqual(truth);
    expect(counted).toBeLessThanOrEqual(truth + Math.ceil(run.length / MAX_RUN));
  });

  test('a 40,000-character run is counted (in pieces, so it cannot stall the page)', async () => {
    const counter = await loadTiktokenCounter();
    expect(counter.count('x'.repeat(40_000))).toBe(5_000);
    expect(counter.count('-'.repeat(40_000))).toBeGreaterThan(0);
  });

  test('pieces never split a surrogate pair', () => {
    const pieces: string[] = [];
    const emoji = '😀'.repeat(100);
    countInPieces(emoji, (piece) => {
      pieces.push(piece);
      return 1;
    });
    expect(pieces.join('')).toBe(emoji);
    for (const piece of pieces) expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});
