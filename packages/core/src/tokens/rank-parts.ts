import type { BpeRanks } from './bpe.js';

/**
 * A rank file cut into parts, each a rank file of its own: the same `pat_str`, and `bpe_ranks` starting with
 * `! <rank of its first token>`. The package's build ships the o200k_base and cl100k_base ranks of js-tiktoken
 * (MIT License) cut this way, every part a module under 500 kB, so that the bundler of an app that uses
 * ctxkit does not warn of a large chunk (Vite warns at 500 kB), and the parts download in parallel. See
 * `rankParts` in the package's vite.config.ts and `dist/tokens/ranks/NOTICE`.
 */
export interface RankPartModule {
  readonly default: BpeRanks;
}

/**
 * Cuts `ranks.bpe_ranks` between tokens into parts of at most `maxLength` characters each. Joined by
 * `joinRankParts`, the parts give the same tokens with the same ranks as the whole.
 */
export function splitRanks(ranks: BpeRanks, maxLength: number): BpeRanks[] {
  const parts: BpeRanks[] = [];
  let fields: string[] = [];
  let length = 0;
  let rank = 0;
  // A part starts, and a run goes on, with `! <rank>`.
  let header = true;
  const fieldsOf = ranks.bpe_ranks.split(/[ \n]+/).filter((field) => field !== '');
  for (let i = 0; i < fieldsOf.length; i++) {
    const field = fieldsOf[i] as string;
    if (field === '!') {
      rank = Number.parseInt(fieldsOf[++i] ?? '', 10);
      if (!Number.isInteger(rank)) throw new Error('a run of the rank file has no first rank');
      header = true;
      continue;
    }
    const marker = `! ${rank}`;
    const added = (header ? marker.length + 1 : 0) + field.length + 1;
    if (fields.length > 0 && length + added > maxLength) {
      parts.push({ pat_str: ranks.pat_str, bpe_ranks: fields.join(' ') });
      fields = [];
      length = 0;
      header = true;
    }
    if (header) {
      fields.push(marker);
      length += marker.length + 1;
      header = false;
    }
    fields.push(field);
    length += field.length + 1;
    rank++;
  }
  if (fields.length > 0) parts.push({ pat_str: ranks.pat_str, bpe_ranks: fields.join(' ') });
  return parts;
}

/** The ranks of an encoding from its parts, loaded in parallel; one part (the whole file) is returned as it is. */
export async function joinRankParts(parts: readonly Promise<RankPartModule>[]): Promise<BpeRanks> {
  const modules = await Promise.all(parts);
  const [first] = modules;
  if (!first) throw new Error('an encoding has no rank parts');
  if (modules.length === 1) return first.default;
  return {
    pat_str: first.default.pat_str,
    bpe_ranks: modules.map((part) => part.default.bpe_ranks).join('\n'),
  };
}
