// Words of scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese). The platform's
// `Intl.Segmenter` knows their words from its dictionaries; where it is missing or broken, a fixed rule stands in.

/** Scripts written without spaces between words. */
export const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Splits a run of letters, digits and marks (no spaces, no punctuation) into its words, in order. */
export type WordSplitter = (run: string) => string[];

/**
 * A segment is a word when it holds a letter or a digit. Engines disagree on `isWordLike`: Firefox ESR 153 marks
 * some Japanese, Khmer and Burmese words as not word-like (so `東京` was dropped), while all agree on which characters
 * are letters. The runs split here hold no spaces or punctuation, so in Chromium and Node this keeps exactly the
 * segments `isWordLike` keeps.
 */
const WORDISH = /[\p{L}\p{N}]/u;

/** `Intl.Segmenter`'s word boundaries, or null where the platform has none or it cannot be built. */
export function createSegmenterSplitter(): WordSplitter | null {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (typeof Segmenter !== 'function') return null;
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Segmenter(undefined, { granularity: 'word' });
  } catch {
    return null;
  }
  return (run) => {
    const segments: string[] = [];
    let covered = 0;
    for (const { segment } of segmenter.segment(run)) {
      covered += segment.length;
      if (WORDISH.test(segment)) segments.push(segment);
    }
    // A segmenter that loses text is broken for this run: the fixed rule keeps every letter instead.
    return covered === run.length ? segments : splitByRule(run);
  };
}

const HAN = /\p{Script=Han}/u;
const SCRIPT_OF = [
  ['han', HAN],
  ['hiragana', /\p{Script=Hiragana}/u],
  ['katakana', /[\p{Script=Katakana}ー]/u],
  ['thai', /\p{Script=Thai}/u],
  ['lao', /\p{Script=Lao}/u],
  ['khmer', /\p{Script=Khmer}/u],
  ['myanmar', /\p{Script=Myanmar}/u],
] as const;

function scriptOf(char: string): string {
  for (const [name, pattern] of SCRIPT_OF) if (pattern.test(char)) return name;
  return 'other';
}

/**
 * The rule used without a working `Intl.Segmenter`: a run is cut where its script changes (kanji | kana | Latin …),
 * and a Han stretch longer than two characters becomes its overlapping pairs (`读取文件` → 读取, 取文, 文件), as
 * dictionary-free search engines index Chinese: most Chinese words are two characters, so a query's words meet the
 * pairs of a text that contains them. A one- or two-character stretch stays whole (`東京`, as `Intl.Segmenter` gives
 * it). Thai, Lao, Khmer and Burmese stretches stay whole: no rule without a dictionary finds their words.
 */
export function splitByRule(run: string): string[] {
  const words: string[] = [];
  let stretch = '';
  let script = '';
  const flush = () => {
    if (stretch === '') return;
    const chars = [...stretch];
    if (script === 'han' && chars.length > 2) {
      for (let i = 0; i + 1 < chars.length; i++) words.push(chars.slice(i, i + 2).join(''));
    } else if (WORDISH.test(stretch)) words.push(stretch);
    stretch = '';
  };
  for (const char of run) {
    // A combining mark belongs to the character before it, whatever script property it has.
    const next = /\p{M}/u.test(char) && stretch !== '' ? script : scriptOf(char);
    if (next !== script) flush();
    script = next;
    stretch += char;
  }
  flush();
  return words;
}

let platform: WordSplitter | undefined;

/** The splitter `tokenize` uses: the platform's segmenter where it works, else the fixed rule. Built once. */
export function unspacedSplitter(): WordSplitter {
  platform ??= createSegmenterSplitter() ?? splitByRule;
  return platform;
}
