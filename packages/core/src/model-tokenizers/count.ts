import { mergedCount } from './merge-count.js';
import type { UnitTable } from './unit-table.js';
import type { Vocabulary } from './vocabulary.js';

/** Words up to this long are remembered once counted, at most this many at once (then forgotten together). */
const KNOWN_WORD_LENGTH = 32;
const KNOWN_WORDS = 50_000;

/**
 * Counts text as the family's tokenizer (Hugging Face `tokenizers`, `transformers.js`) encodes it without adding a
 * start token and with special tokens taken as plain text (`split_special_tokens`): non-special added tokens are
 * found first, each one token; the rest is normalized, cut into words by the pre-tokenizer and merged word by word.
 */
export function vocabularyCounter(vocabulary: Vocabulary): (text: string) => number {
  const { header, tokens, merges } = vocabulary;
  const splits = header.split.map((source) => new RegExp(source, 'gu'));
  const findAdded = addedFinder(header.added);
  const byteLevel = header.unit === 'byte';
  const byteIds = byteLevel ? byteTokenIds(tokens) : undefined;
  const encoder = new TextEncoder();
  let symbols = new Int32Array(256);
  let bytes = new Uint8Array(256);
  const char = new Uint16Array(2);
  const known = new Map<string, number>();
  const joinsSpace = header.spaces ? unitsBeforeSpace(tokens) : new Set<number>();

  const countWord = (word: string): number => {
    if (word === '') return 0;
    const remembered = known.get(word);
    if (remembered !== undefined) return remembered;
    let count: number;
    if (byteLevel) {
      if (bytes.length < word.length * 3) bytes = new Uint8Array(word.length * 3);
      const length = encoder.encodeInto(word, bytes).written;
      if (symbols.length < length) symbols = new Int32Array(length);
      for (let i = 0; i < length; i++) symbols[i] = (byteIds as Int32Array)[bytes[i] as number] as number;
      count =
        header.ignoreMerges && length > 1 && tokens.find(bytes, 0, length) >= 0
          ? 1
          : mergedCount(symbols, length, merges);
    } else {
      if (symbols.length < word.length * 4) symbols = new Int32Array(word.length * 4);
      let length = 0;
      for (let i = 0; i < word.length; i++) {
        const code = word.charCodeAt(i);
        char[0] = code;
        let size = 1;
        // A surrogate pair is one character.
        if (code >= 0xd800 && code < 0xdc00 && i + 1 < word.length) {
          const low = word.charCodeAt(i + 1);
          if (low >= 0xdc00 && low < 0xe000) {
            char[1] = low;
            size = 2;
            i++;
          }
        }
        const id = tokens.find(char, 0, size);
        if (id >= 0) symbols[length++] = id;
        // A character outside the vocabulary: one token per UTF-8 byte, none of which merges, or one unknown token.
        else if (header.byteFallback) {
          const bytesOf = size === 2 ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
          for (let b = 0; b < bytesOf; b++) symbols[length++] = -1;
        } else symbols[length++] = -1;
      }
      count = mergedCount(symbols, length, merges);
    }
    if (word.length <= KNOWN_WORD_LENGTH) {
      if (known.size >= KNOWN_WORDS) known.clear();
      known.set(word, count);
    }
    return count;
  };

  const countSection = (section: string): number => {
    if (section === '') return 0;
    let text = header.normalize === 'NFC' ? section.normalize('NFC') : section;
    if (header.spaces) text = text.replaceAll(' ', '▁');
    text = header.prefix + text;
    let words = header.spaces ? atSpaces(text, joinsSpace) : [text];
    for (const split of splits) words = words.flatMap((word) => isolate(word, split));
    let total = 0;
    for (const word of words) total += countWord(word);
    return total;
  };

  return (text) => {
    let total = 0;
    let last = 0;
    for (const [start, end] of findAdded(text)) {
      total += countSection(text.slice(last, start)) + 1;
      last = end;
    }
    return total + countSection(text.slice(last));
  };
}

const SPACE = 0x2581; // ▁

/**
 * SentencePiece merges a whole text as one word: a message of 10,000 characters is one heap of merges, and nothing
 * is remembered between messages. It can be cut, with the same count, wherever no token spans the cut: before a `▁`
 * that follows a character no token holds in front of a `▁` (Llama 2 and Mistral have none; Gemma 3, only `>`).
 */
function atSpaces(text: string, joinsSpace: ReadonlySet<number>): string[] {
  const words: string[] = [];
  let last = 0;
  for (let i = 1; i < text.length; i++) {
    if (text.charCodeAt(i) !== SPACE) continue;
    const before = text.charCodeAt(i - 1);
    if (before === SPACE || joinsSpace.has(before)) continue;
    words.push(text.slice(last, i));
    last = i;
  }
  words.push(text.slice(last));
  return words;
}

/** The code units some token holds just before a `▁` that is not one. */
function unitsBeforeSpace(tokens: UnitTable): Set<number> {
  const found = new Set<number>();
  const { units, offsets, lengths } = tokens;
  for (let id = 0; id < tokens.size; id++) {
    const start = offsets[id] as number;
    const end = start + (lengths[id] as number);
    for (let i = start + 1; i < end; i++)
      if (units[i] === SPACE && units[i - 1] !== SPACE) found.add(units[i - 1] as number);
  }
  return found;
}

/** The matches of `pattern` in `text` and the text between them, in order (Hugging Face's Split, Isolated). */
function isolate(text: string, pattern: RegExp): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index;
    if (index > last) pieces.push(text.slice(last, index));
    if (match[0].length > 0) pieces.push(match[0]);
    last = index + match[0].length;
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

/**
 * Finds the added tokens in a text, leftmost first and the longest at a place, as [start, end) ranges. Most texts
 * hold none: a character that starts no added token is passed over with one lookup. Gemma has 6,000 added tokens
 * starting with `<`, so a place is tried once per distinct length of those, not once per token.
 */
function addedFinder(added: readonly string[]): (text: string) => Iterable<readonly [number, number]> {
  if (added.length === 0) return () => [];
  const all = new Set(added);
  const lengthsByFirst = new Map<string, number[]>();
  for (const token of added) {
    const first = token.charAt(0);
    const lengths = lengthsByFirst.get(first) ?? [];
    if (!lengths.includes(token.length)) lengths.push(token.length);
    lengthsByFirst.set(first, lengths);
  }
  for (const lengths of lengthsByFirst.values()) lengths.sort((a, b) => b - a);
  return function* find(text) {
    for (let i = 0; i < text.length; i++) {
      const lengths = lengthsByFirst.get(text.charAt(i));
      if (!lengths) continue;
      for (const length of lengths)
        if (i + length <= text.length && all.has(text.slice(i, i + length))) {
          yield [i, i + length] as const;
          i += length - 1;
          break;
        }
    }
  };
}

function byteTokenIds(tokens: UnitTable): Int32Array {
  const byteIds = new Int32Array(256);
  const unit = new Uint8Array(1);
  for (let byte = 0; byte < 256; byte++) {
    unit[0] = byte;
    byteIds[byte] = tokens.find(unit, 0, 1);
  }
  return byteIds;
}
