import { BYTE_CHARS } from './byte-chars.js';

/** The byte each character of GPT-2's byte alphabet stands for. */
const BYTE_OF = new Int16Array(324).fill(-1);
for (let byte = 0; byte < 256; byte++) BYTE_OF[(BYTE_CHARS[byte] as string).charCodeAt(0)] = byte;

/**
 * A vocabulary's tokens, found by their units without building a string: bytes for byte-level BPE, UTF-16 code
 * units for SentencePiece pieces. Every token's units go into one buffer, and an open-addressing hash table (FNV-1a,
 * linear probing) indexes them; a Map keyed by 262,144 strings takes seconds to query a million times while loading.
 */
export class UnitTable {
  readonly units: Uint16Array;
  readonly offsets: Int32Array;
  readonly lengths: Int32Array;
  readonly #slots: Int32Array;
  readonly #mask: number;

  /**
   * Reads tokens joined by spaces, in id order. `byteLevel`: each token is written in GPT-2's byte alphabet, and
   * its bytes are kept.
   */
  constructor(text: string, byteLevel: boolean) {
    let count = 1;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) count++;
    this.units = new Uint16Array(text.length - count + 1);
    this.offsets = new Int32Array(count);
    this.lengths = new Int32Array(count);
    let written = 0;
    let token = 0;
    // A byte-level vocabulary may hold tokens outside the byte alphabet (DeepSeek's special tokens): no text is made
    // of them, so they are kept empty.
    let outside = false;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 32;
      if (code === 32) {
        if (outside) written = this.offsets[token] as number;
        outside = false;
        this.lengths[token] = written - (this.offsets[token] as number);
        token++;
        if (token < count) this.offsets[token] = written;
        continue;
      }
      if (byteLevel) {
        const byte = code < BYTE_OF.length ? (BYTE_OF[code] as number) : -1;
        if (byte < 0) outside = true;
        else this.units[written++] = byte;
      } else this.units[written++] = code;
    }
    let capacity = 1024;
    while (capacity < count * 2) capacity *= 2;
    this.#mask = capacity - 1;
    this.#slots = new Int32Array(capacity).fill(-1);
    for (let id = 0; id < count; id++) {
      const start = this.offsets[id] as number;
      const end = start + (this.lengths[id] as number);
      // An empty token (a gap in the ids) is never looked up; the first of repeated tokens keeps its id.
      if (end === start) continue;
      let slot = hash(this.units, start, end) & this.#mask;
      for (;;) {
        const held = this.#slots[slot] as number;
        if (held === -1) {
          this.#slots[slot] = id;
          break;
        }
        if (this.#equals(held, this.units, start, end)) break;
        slot = (slot + 1) & this.#mask;
      }
    }
  }

  get size(): number {
    return this.offsets.length;
  }

  /** The id of the token whose units are `units[start, end)`, or −1. */
  find(units: Uint16Array | Uint8Array, start: number, end: number): number {
    if (end <= start) return -1;
    let slot = hash(units, start, end) & this.#mask;
    for (;;) {
      const held = this.#slots[slot] as number;
      if (held === -1) return -1;
      if (this.#equals(held, units, start, end)) return held;
      slot = (slot + 1) & this.#mask;
    }
  }

  #equals(id: number, units: Uint16Array | Uint8Array, start: number, end: number): boolean {
    const length = this.lengths[id] as number;
    if (length !== end - start) return false;
    const offset = this.offsets[id] as number;
    for (let i = 0; i < length; i++) if (this.units[offset + i] !== units[start + i]) return false;
    return true;
  }
}

function hash(units: Uint16Array | Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ (units[i] as number), 0x01000193);
  return h >>> 0;
}
