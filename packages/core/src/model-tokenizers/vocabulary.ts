import type { TokenizerDataHeader, TokenizerDataPart } from './data-format.js';
import { MergeTable } from './merge-table.js';
import { UnitTable } from './unit-table.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** A family's vocabulary, ready to count with: its tokens and its merges. */
export interface Vocabulary {
  readonly header: TokenizerDataHeader;
  readonly tokens: UnitTable;
  readonly merges: MergeTable;
}

/** Reads a family's data from its parts, in order (see `TokenizerDataPart`). */
export function vocabularyOf(parts: readonly TokenizerDataPart[]): Vocabulary {
  const header = parts[0]?.header;
  if (header?.format !== 1) throw new Error('tokenizer data: the first part has no header of format 1');
  const tokens = new UnitTable(parts.map((part) => part.tokens ?? '').join(''), header.unit === 'byte');
  const merges = header.derive
    ? derivedMerges(tokens)
    : listedMerges(parts.map((part) => part.merges ?? '').join(''), tokens);
  return { header, tokens, merges };
}

/** Every split of every token in two tokens, ranked by the token's id: tiktoken's rule, as a merge list. */
function derivedMerges(tokens: UnitTable): MergeTable {
  const { units, offsets, lengths } = tokens;
  const table = new MergeTable(Math.ceil(tokens.size * 2.5));
  for (let id = 0; id < tokens.size; id++) {
    const start = offsets[id] as number;
    const end = start + (lengths[id] as number);
    for (let cut = start + 1; cut < end; cut++) {
      // Never between the halves of a surrogate pair (byte-level units are bytes, below the surrogates).
      const unit = units[cut] as number;
      if (unit >= 0xdc00 && unit < 0xe000) continue;
      const left = tokens.find(units, start, cut);
      if (left < 0) continue;
      const right = tokens.find(units, cut, end);
      if (right >= 0) table.add(left, right, id, id);
    }
  }
  return table;
}

/** The merges as listed: each the token it makes and the length of its left part, in units. */
function listedMerges(body: string, tokens: UnitTable): MergeTable {
  const { units, offsets, lengths } = tokens;
  const values: number[] = [];
  let value = 0;
  let shift = 1;
  for (let i = 0; i < body.length; i++) {
    const digit = DIGIT[body.charCodeAt(i)] ?? -1;
    if (digit < 0) throw new Error(`tokenizer data: a bad merge digit at ${i}`);
    value += (digit & 31) * shift;
    if (digit & 32) shift *= 32;
    else {
      values.push(value);
      value = 0;
      shift = 1;
    }
  }
  const table = new MergeTable(values.length / 2);
  let result = 0;
  for (let i = 0, rank = 0; i + 1 < values.length; i += 2, rank++) {
    const zigzag = values[i] as number;
    result += zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
    if (result < 0 || result >= tokens.size) throw new Error(`tokenizer data: merge ${rank} makes no token`);
    const start = offsets[result] as number;
    const end = start + (lengths[result] as number);
    const cut = start + (values[i + 1] as number);
    const left = tokens.find(units, start, cut);
    const right = tokens.find(units, cut, end);
    if (left < 0 || right < 0) throw new Error(`tokenizer data: merge ${rank} joins no tokens`);
    table.add(left, right, rank, result);
  }
  return table;
}
