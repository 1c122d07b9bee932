import type { TokenizerDataHeader, TokenizerDataPart } from './data-format.js';
import { MergeTable } from './merge-table.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** A family's vocabulary, ready to count with: its tokens' ids by text and its merges. */
export interface Vocabulary {
  readonly header: TokenizerDataHeader;
  readonly ids: ReadonlyMap<string, number>;
  readonly merges: MergeTable;
}

/** Reads a family's data from its parts, in order (see `TokenizerDataPart`). */
export function vocabularyOf(parts: readonly TokenizerDataPart[]): Vocabulary {
  const header = parts[0]?.header;
  if (header?.format !== 1) throw new Error('tokenizer data: the first part has no header of format 1');
  const tokens = parts
    .map((part) => part.tokens ?? '')
    .join('')
    .split(' ');
  const ids = new Map<string, number>();
  for (let id = 0; id < tokens.length; id++) {
    const token = tokens[id] as string;
    if (token !== '' && !ids.has(token)) ids.set(token, id);
  }
  const merges = header.derive
    ? derivedMerges(tokens, ids)
    : listedMerges(parts.map((part) => part.merges ?? '').join(''), tokens, ids);
  return { header, ids, merges };
}

/** Every split of every token in two tokens, ranked by the token's id: tiktoken's rule, as a merge list. */
function derivedMerges(tokens: readonly string[], ids: ReadonlyMap<string, number>): MergeTable {
  const table = new MergeTable(tokens.length * 3);
  for (let id = 0; id < tokens.length; id++) {
    const token = tokens[id] as string;
    // Byte-level tokens are one code unit a byte; pieces may hold surrogate pairs, never split between halves.
    for (let k = 1; k < token.length; k++) {
      const code = token.charCodeAt(k);
      if (code >= 0xdc00 && code < 0xe000) continue;
      const left = ids.get(token.slice(0, k));
      if (left === undefined) continue;
      const right = ids.get(token.slice(k));
      if (right !== undefined) table.add(left, right, id, id);
    }
  }
  return table;
}

function listedMerges(body: string, tokens: readonly string[], ids: ReadonlyMap<string, number>): MergeTable {
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
    const token = tokens[result];
    if (token === undefined) throw new Error(`tokenizer data: merge ${rank} makes no token`);
    const chars = Array.from(token);
    const leftLength = values[i + 1] as number;
    const left = ids.get(chars.slice(0, leftLength).join(''));
    const right = ids.get(chars.slice(leftLength).join(''));
    if (left === undefined || right === undefined)
      throw new Error(`tokenizer data: merge ${rank} joins no tokens`);
    table.add(left, right, rank, result);
  }
  return table;
}
