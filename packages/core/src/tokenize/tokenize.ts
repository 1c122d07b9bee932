import { UNSPACED, unspacedSplitter } from './unspaced.js';

/**
 * Words that carry no topic in a request ("how do I …", "can you …"). Kept short on purpose: BM25's idf already
 * discounts words common in the catalog, so this list only removes what would otherwise add noise to every query.
 */
const STOP_WORDS = new Set(
  (
    'a about after all also am an and any are as at be been being but by can could did do does doing for from ' +
    'had has have having he her here hers him his how i if in into is it its just me my myself no nor not of on ' +
    'once only or our ours out over own please same she should so some such than that the their theirs them ' +
    'then there these they this those through to too under until up us very was we were what when where which ' +
    'while who whom why will with would you your yours'
  ).split(' '),
);

const VOWEL = /[aeiouy]/;

/**
 * A light suffix stemmer, so that the forms a word takes in questions and in descriptions meet:
 *
 * 1. plurals: `-ies` → `-y`, `-sses` → `-ss`, `-s` → `` (not after `s`, `u` or `i`: "class", "status", "analysis");
 * 2. `-ing` and `-ed` when a vowel stays before them, then a doubled final consonant is undoubled ("running" → "run");
 * 3. `-tion` → `-t` ("translation" → "translat");
 * 4. a final `-e` ("translate" → "translat", "handling"/"handle" → "handl").
 *
 * It over-merges a little ("news" → "new") and never looks words up: it is 20 lines, not Porter's 200, and measured
 * on the tool-retrieval benchmark it gains more than it loses (README, "Retrieval").
 */
export function stem(word: string): string {
  let term = word;
  if (term.length <= 3) return term;
  if (term.endsWith('ies') && term.length > 4) term = `${term.slice(0, -3)}y`;
  else if (term.endsWith('sses')) term = term.slice(0, -2);
  else if (term.endsWith('s') && !/[sui]s$/.test(term)) term = term.slice(0, -1);
  const inflection = /(ing|ed)$/.exec(term);
  if (
    inflection &&
    term.length - inflection[0].length >= 3 &&
    VOWEL.test(term.slice(0, -inflection[0].length))
  ) {
    term = term.slice(0, -inflection[0].length);
    if (/([^aeiouylsz])\1$/.test(term)) term = term.slice(0, -1);
  }
  if (term.endsWith('tion') && term.length > 5) term = term.slice(0, -3);
  if (term.endsWith('e') && term.length > 3) term = term.slice(0, -1);
  return term;
}

/** Splits identifiers into words: `readFile` → `read File`, `XMLHttpRequest` → `XML Http Request`. */
function spaceIdentifiers(text: string): string {
  return text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2');
}

/** English words the stemmer may change; words of other scripts and accented words are kept as they are. */
const STEMMABLE = /^[a-z0-9]+$/;

export interface TokenizerOptions {
  /**
   * Split runs of scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) into words with
   * `Intl.Segmenter`, or a fixed rule where the platform has none (`splitByRule` in unspaced.ts). Default true;
   * with `false`, such a run is one term.
   */
  readonly segmentWords?: boolean;
  /** Split camelCase and PascalCase words. Default true (other separators always split). */
  readonly splitIdentifiers?: boolean;
  /** Default `stem`, applied to English words (a–z, digits) only; `false` keeps words whole. */
  readonly stem?: ((word: string) => string) | false;
  /** Default: the built-in list; `false` keeps every word. */
  readonly stopWords?: ReadonlySet<string> | false;
  /** Shorter words are dropped. Default 2. */
  readonly minLength?: number;
}

/** A tokenizer with some of `tokenize`'s steps changed or left out (the benchmark measures what each step gives). */
export function createTokenizer(options: TokenizerOptions = {}): (text: string) => string[] {
  const split = options.splitIdentifiers ?? true;
  const stemmer = options.stem === undefined ? stem : options.stem;
  const stopWords = options.stopWords === undefined ? STOP_WORDS : options.stopWords;
  const minLength = options.minLength ?? 2;
  const segment = options.segmentWords === false ? null : unspacedSplitter();
  const add = (terms: string[], word: string) => {
    if (word.length < minLength || (stopWords !== false && stopWords.has(word))) return;
    terms.push(stemmer && STEMMABLE.test(word) ? stemmer(word) : word);
  };
  return (text) => {
    const terms: string[] = [];
    // Combining marks belong to their word (Thai vowels, Devanagari signs), so they never split one.
    for (const raw of (split ? spaceIdentifiers(text) : text).toLowerCase().split(/[^\p{L}\p{N}\p{M}]+/u)) {
      if (raw === '') continue;
      if (segment && UNSPACED.test(raw)) {
        // A word of these scripts is often one character: keep every word the segmenter finds.
        for (const word of segment(raw))
          if (UNSPACED.test(word)) terms.push(word);
          else add(terms, word);
      } else add(terms, raw);
    }
    return terms;
  };
}

/**
 * Terms of a text: identifiers split (camelCase, PascalCase, snake_case, kebab-case, paths, dotted names),
 * lower-cased, stop words and one-character words dropped, stemmed with `stem`.
 */
export const tokenize: (text: string) => string[] = createTokenizer();
