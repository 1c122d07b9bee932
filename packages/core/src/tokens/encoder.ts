import { type BpeRanks, createBpeCount } from './bpe.js';
import { countInPieces } from './pieces.js';

/** Counts text with an encoding's ranks: BPE merges over pieces of bounded length (see `countInPieces`). */
export function rankCounter(ranks: BpeRanks): (text: string) => number {
  const encode = createBpeCount(ranks);
  return (text) => countInPieces(text, encode);
}
