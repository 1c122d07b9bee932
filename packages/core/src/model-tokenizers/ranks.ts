import type { BpeRanks } from '../tokens/index.js';
import { BYTE_CHARS } from './byte-chars.js';
import type { TokenizerDataHeader } from './data-format.js';
import { type Vocabulary, vocabularyOf } from './vocabulary.js';

const BASE64 = new Int8Array(128).fill(-1);
for (const [i, char] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64[char.charCodeAt(0)] = i;

/**
 * A vocabulary from a tiktoken rank file (runs of `! <first rank> <base64 token> …`): its tokens in GPT-2's byte
 * alphabet by rank, merged by tiktoken's rule (every split of a token, ranked by the token; a word that is a token
 * is one). gpt-oss counts this way with o200k_base's ranks, so its data is not shipped twice.
 */
export function vocabularyOfRanks(ranks: BpeRanks): Vocabulary {
  const tokens: string[] = [];
  let rank = 0;
  const fields = ranks.bpe_ranks.split(/[ \n]+/);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i] as string;
    if (field === '') continue;
    if (field === '!') {
      rank = Number.parseInt(fields[++i] ?? '', 10);
      continue;
    }
    while (tokens.length < rank) tokens.push('');
    tokens[rank++] = byteLevel(field);
  }
  const header: TokenizerDataHeader = {
    format: 1,
    unit: 'byte',
    normalize: '',
    spaces: false,
    prefix: '',
    split: [ranks.pat_str],
    ignoreMerges: true,
    byteFallback: false,
    added: [],
    derive: true,
  };
  return vocabularyOf([{ header, tokens: tokens.join(' ') }]);
}

/** A base64 token's bytes, in GPT-2's byte alphabet. */
function byteLevel(base64: string): string {
  let text = '';
  let bits = 0;
  let held = 0;
  for (let i = 0; i < base64.length; i++) {
    const code = base64.charCodeAt(i);
    if (code === 61 /* = */) break;
    const value = code < 128 ? (BASE64[code] as number) : -1;
    if (value < 0) throw new SyntaxError(`Invalid base64 in a token rank file: ${base64}`);
    bits = ((bits << 6) | value) & 0xffffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      text += BYTE_CHARS[(bits >> held) & 0xff];
    }
  }
  return text;
}
