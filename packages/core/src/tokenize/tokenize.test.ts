import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createTokenizer, stem, tokenize } from './index.js';

describe('tokenize', () => {
  test('splits identifiers of every style, lower-cases, drops stop words and stems', () => {
    expect(tokenize('readFile from src/utils/parse_json.ts')).toEqual([
      'read',
      'fil',
      'src',
      'util',
      'pars',
      'json',
      'ts',
    ]);
    expect(tokenize('HTTPServer handles the XMLHttpRequest')).toEqual([
      'http',
      'server',
      'handl',
      'xml',
      'http',
      'request',
    ]);
    expect(tokenize('session.prepare kebab-case-name SCREAMING_SNAKE')).toEqual([
      'session',
      'prepar',
      'kebab',
      'cas',
      'nam',
      'scream',
      'snak',
    ]);
    expect(tokenize('How do I run queries?')).toEqual(['run', 'query']);
    // The stemmer is English-only: other words are kept whole.
    expect(tokenize('Grüße, 東京')).toEqual(['grüße', '東京']);
  });

  test('the forms a word takes meet on one stem', () => {
    const groups = [
      ['test', 'tests', 'testing', 'tested'],
      ['query', 'queries'],
      ['run', 'running', 'runs'],
      ['translate', 'translation', 'translated', 'translating'],
      ['handle', 'handles', 'handling', 'handled'],
      ['image', 'images', 'imaging'],
      ['box', 'boxes'],
    ];
    for (const group of groups) expect(new Set(group.map(stem)), group.join(', ')).toHaveProperty('size', 1);
    // Words that only look inflected keep their ending.
    expect(['class', 'status', 'analysis', 'need', 'bus'].map(stem)).toEqual([
      'class',
      'status',
      'analysis',
      'need',
      'bus',
    ]);
  });

  test('a stem is never longer than its word and keeps at least its first two letters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,14}$/), (word) => {
        const stemmed = stem(word);
        expect(stemmed.length).toBeLessThanOrEqual(word.length);
        expect(stemmed.slice(0, 2)).toBe(word.slice(0, 2));
      }),
    );
  });

  test('every term is lower-case, at least two characters, and made of letters and digits only', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        for (const term of tokenize(text)) {
          expect(term.length).toBeGreaterThanOrEqual(2);
          expect(term).toBe(term.toLowerCase());
          expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
        }
      }),
    );
  });

  test('createTokenizer leaves out the steps it is told to', () => {
    const text = 'The readFile tests';
    expect(createTokenizer()(text)).toEqual(tokenize(text));
    expect(createTokenizer({ stem: false })(text)).toEqual(['read', 'file', 'tests']);
    expect(createTokenizer({ splitIdentifiers: false })(text)).toEqual(['readfil', 'test']);
    expect(createTokenizer({ stopWords: false, stem: false })(text)).toEqual([
      'the',
      'read',
      'file',
      'tests',
    ]);
    expect(createTokenizer({ minLength: 5, stem: false })(text)).toEqual(['tests']);
  });
});
