/** A tiktoken rank file as js-tiktoken ships it: runs of `! <first rank> <base64 token> …`. */
export interface BpeRanks {
  readonly pat_str: string;
  readonly bpe_ranks: string;
}

/**
 * Counts the tokens of byte-level BPE (tiktoken's algorithm) from a rank file, exactly as js-tiktoken encodes the
 * text with special tokens treated as plain text, but without building what counting does not need.
 *
 * js-tiktoken's constructor takes over a second for 200k ranks: it decodes every token into its own byte array, keys
 * a Map by `bytes.join(',')` and keeps a reverse map for decoding. Here every token's bytes go into one buffer and an
 * open-addressing hash table of typed arrays indexes them, so loading takes tens of milliseconds; merging compares
 * byte ranges of a scratch buffer. The tests check the counts against js-tiktoken on text of every script.
 */
export function createBpeCount(ranks: BpeRanks): (text: string) => number {
  const table = RankTable.parse(ranks.bpe_ranks);
  const pattern = new RegExp(ranks.pat_str, 'gu');
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(256);
  // Pieces repeat (" the", " file", "\n\n"): most are counted once and then looked up.
  const known = new Map<string, number>();
  const countPiece = (piece: string): number => {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
    const length = asciiInto(piece, scratch) ?? encoder.encodeInto(piece, scratch).written;
    return table.rank(scratch, 0, length) >= 0 ? 1 : mergedParts(scratch, length, table);
  };
  return (text) => {
    let total = 0;
    for (const match of text.matchAll(pattern)) {
      const piece = match[0];
      let count = known.get(piece);
      if (count === undefined) {
        count = countPiece(piece);
        if (piece.length <= KNOWN_PIECE_LENGTH) {
          if (known.size >= KNOWN_PIECES) known.clear();
          known.set(piece, count);
        }
      }
      total += count;
    }
    return total;
  };
}

/** Pieces up to this long are remembered, at most this many at once (then forgotten all together). */
const KNOWN_PIECE_LENGTH = 24;
const KNOWN_PIECES = 50_000;

/**
 * Writes an ASCII piece's bytes (its code units) into `bytes` and returns its length; undefined when the piece has
 * another character. Most pieces are ASCII, and encodeInto costs a call into the runtime per piece.
 */
function asciiInto(piece: string, bytes: Uint8Array): number | undefined {
  for (let i = 0; i < piece.length; i++) {
    const code = piece.charCodeAt(i);
    if (code >= 0x80) return undefined;
    bytes[i] = code;
  }
  return piece.length;
}

/**
 * How many tokens byte pair merging leaves of `bytes[0, length)`: repeatedly merge the adjacent pair whose joined
 * bytes have the lowest rank (the leftmost on a tie) until no pair has one. `starts` holds where each part begins,
 * then the end of the last part.
 */
function mergedParts(bytes: Uint8Array, length: number, table: RankTable): number {
  if (length <= 1) return length;
  const starts: number[] = [];
  for (let i = 0; i <= length; i++) starts.push(i);
  while (starts.length > 2) {
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (let i = 0; i < starts.length - 2; i++) {
      const rank = table.rank(bytes, starts[i] as number, starts[i + 2] as number);
      if (rank >= 0 && rank < bestRank) {
        bestRank = rank;
        best = i;
      }
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
  }
  return starts.length - 1;
}

const BASE64 = new Int8Array(128).fill(-1);
for (const [i, char] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries())
  BASE64[char.charCodeAt(0)] = i;

const SPACE = 32;
const NEWLINE = 10;
const EQUALS = 61;

/** Every token's bytes in one buffer, found by an open-addressing hash table (FNV-1a, linear probing). */
class RankTable {
  readonly #bytes: Uint8Array;
  readonly #offsets: Int32Array;
  readonly #lengths: Int32Array;
  readonly #ranks: Int32Array;
  readonly #slots: Int32Array;
  readonly #mask: number;

  private constructor(
    bytes: Uint8Array,
    offsets: Int32Array,
    lengths: Int32Array,
    ranks: Int32Array,
    count: number,
  ) {
    this.#bytes = bytes;
    this.#offsets = offsets;
    this.#lengths = lengths;
    this.#ranks = ranks;
    let capacity = 1;
    while (capacity < count * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#slots = new Int32Array(capacity).fill(-1);
    for (let token = 0; token < count; token++) {
      const start = offsets[token] as number;
      let slot = hash(bytes, start, start + (lengths[token] as number)) & this.#mask;
      // A later line that repeats a token wins, as in js-tiktoken.
      while (this.#slots[slot] !== -1) {
        const other = this.#slots[slot] as number;
        if (this.#equals(other, bytes, start, start + (lengths[token] as number))) break;
        slot = (slot + 1) & this.#mask;
      }
      this.#slots[slot] = token;
    }
  }

  /** Reads `! <first rank> <base64> <base64> …` runs (one per line, or all on one line). */
  static parse(source: string): RankTable {
    const bytes = new Uint8Array(Math.ceil((source.length * 3) / 4));
    // At most one token per two characters (a base64 token is at least two, plus its separator).
    const most = Math.ceil(source.length / 3);
    const offsets = new Int32Array(most);
    const lengths = new Int32Array(most);
    const ranks = new Int32Array(most);
    let count = 0;
    let written = 0;
    let rank = 0;
    let i = 0;
    while (i < source.length) {
      const code = source.charCodeAt(i);
      if (code === SPACE || code === NEWLINE) {
        i++;
        continue;
      }
      let end = i;
      while (end < source.length && source.charCodeAt(end) !== SPACE && source.charCodeAt(end) !== NEWLINE)
        end++;
      if (code === 33 /* ! */) {
        // `!` starts a run; the next field is the run's first rank.
        let next = end;
        while (source.charCodeAt(next) === SPACE) next++;
        let after = next;
        while (
          after < source.length &&
          source.charCodeAt(after) !== SPACE &&
          source.charCodeAt(after) !== NEWLINE
        )
          after++;
        rank = Number.parseInt(source.slice(next, after), 10);
        i = after;
        continue;
      }
      offsets[count] = written;
      written = decodeBase64(source, i, end, bytes, written);
      lengths[count] = written - (offsets[count] as number);
      ranks[count] = rank++;
      count++;
      i = end;
    }
    return new RankTable(bytes, offsets, lengths, ranks, count);
  }

  /** The rank of `bytes[start, end)`, or −1 when it is not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    let slot = hash(bytes, start, end) & this.#mask;
    for (;;) {
      const token = this.#slots[slot] as number;
      if (token === -1) return -1;
      if (this.#equals(token, bytes, start, end)) return this.#ranks[token] as number;
      slot = (slot + 1) & this.#mask;
    }
  }

  #equals(token: number, bytes: Uint8Array, start: number, end: number): boolean {
    const length = this.#lengths[token] as number;
    if (length !== end - start) return false;
    const offset = this.#offsets[token] as number;
    for (let i = 0; i < length; i++) if (this.#bytes[offset + i] !== bytes[start + i]) return false;
    return true;
  }
}

function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

/** Decodes standard base64 `source[start, end)` into `into` from `at`; returns where the bytes end. */
function decodeBase64(source: string, start: number, end: number, into: Uint8Array, at: number): number {
  let bits = 0;
  let held = 0;
  for (let i = start; i < end; i++) {
    const code = source.charCodeAt(i);
    if (code === EQUALS) break;
    const value = code < 128 ? (BASE64[code] as number) : -1;
    if (value < 0) throw new SyntaxError(`Invalid base64 in a token rank file at character ${i}`);
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      into[at++] = (bits >> held) & 0xff;
    }
  }
  return at;
}
