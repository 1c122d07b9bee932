import type { Catalog, CatalogItem } from '../catalog/index.js';
import { hashString } from '../hash/index.js';
import { tokenize } from './tokenize.js';
import type { AgentSelector, RetrievalHit, RetrievalSet, SelectionRequest } from './types.js';

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
/** Long references are indexed by their beginning; retrieval is about what an item is, not all it says. */
const CONTENT_PREFIX = 4_000;

/** One term's postings: documents in ascending order, each with its precomputed BM25 term weight. */
interface Postings {
  readonly docs: Int32Array;
  /** tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen)): everything of BM25 except the idf. */
  readonly weights: Float32Array;
  readonly idf: number;
}

interface Index {
  readonly items: readonly CatalogItem[];
  readonly postings: ReadonlyMap<string, Postings>;
  /** Scratch space reused by every query (selection is synchronous). */
  readonly scores: Float64Array;
}

function termFrequencies(item: CatalogItem): Map<string, number> {
  const frequencies = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const term of tokenize(text)) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
  };
  add(item.type === 'tool' ? `${item.name} ${item.serverName}` : item.name, NAME_WEIGHT);
  add(item.description, 1);
  if (item.type !== 'tool') add(item.content.slice(0, CONTENT_PREFIX), 1);
  return frequencies;
}

function buildIndex(catalog: Catalog): Index {
  const items = catalog.agentItems();
  const documents = items.map(termFrequencies);
  const lengths = documents.map((frequencies) => {
    let length = 0;
    for (const tf of frequencies.values()) length += tf;
    return length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / (items.length || 1) || 1;
  const lists = new Map<string, { docs: number[]; weights: number[] }>();
  documents.forEach((frequencies, doc) => {
    const norm = K1 * (1 - B + (B * (lengths[doc] ?? 0)) / averageLength);
    for (const [term, tf] of frequencies) {
      let list = lists.get(term);
      if (!list) {
        list = { docs: [], weights: [] };
        lists.set(term, list);
      }
      list.docs.push(doc);
      list.weights.push((tf * (K1 + 1)) / (tf + norm));
    }
  });
  const postings = new Map<string, Postings>();
  for (const [term, { docs, weights }] of lists) {
    const idf = Math.log(1 + (items.length - docs.length + 0.5) / (docs.length + 0.5));
    postings.set(term, { docs: Int32Array.from(docs), weights: Float32Array.from(weights), idf });
  }
  return { items, postings, scores: new Float64Array(items.length) };
}

function contains(docs: Int32Array, doc: number): boolean {
  let low = 0;
  let high = docs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle] as number;
    if (value === doc) return true;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * A small BM25 selector over the catalog's agent items (name weighted above description and content). The score
 * is BM25 divided by the largest value the query's terms could reach, so it lies in [0, 1]. The index is built
 * once per catalog with every per-document part of BM25 precomputed, so a query only adds weights and keeps the
 * best `limit` documents. A stand-in until embedding retrieval replaces it.
 */
export interface LexicalSelector extends AgentSelector {
  select(request: SelectionRequest): RetrievalSet;
}

export function createLexicalSelector(): LexicalSelector {
  const indexes = new WeakMap<Catalog, Index>();
  return {
    name: 'lexical-bm25',
    select({ query, catalog, exclude, limit }: SelectionRequest): RetrievalSet {
      const index = indexes.get(catalog) ?? buildIndex(catalog);
      indexes.set(catalog, index);
      const { items, scores } = index;
      const terms = [...new Set(tokenize(query))].filter((term) => index.postings.has(term));
      const touched: number[] = [];
      let ceiling = 0;
      for (const term of terms) {
        const { docs, weights, idf } = index.postings.get(term) as Postings;
        ceiling += idf * (K1 + 1);
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i] as number;
          if (scores[doc] === 0) touched.push(doc);
          scores[doc] = (scores[doc] as number) + idf * (weights[i] as number);
        }
      }
      // Keep the best `limit` documents (ties go to catalog order), sorted best first.
      const best: number[] = [];
      const better = (a: number, b: number) =>
        (scores[a] as number) > (scores[b] as number) || (scores[a] === scores[b] && a < b);
      for (const doc of touched) {
        if (limit <= 0 || exclude.has((items[doc] as CatalogItem).key)) continue;
        if (best.length === limit && !better(doc, best[limit - 1] as number)) continue;
        let at = best.length === limit ? limit - 1 : best.length;
        while (at > 0 && better(doc, best[at - 1] as number)) {
          best[at] = best[at - 1] as number;
          at--;
        }
        best[at] = doc;
      }
      const hits: RetrievalHit[] = best.map((doc, i) => ({
        key: (items[doc] as CatalogItem).key,
        score: ceiling > 0 ? Math.min(1, (scores[doc] as number) / ceiling) : 0,
        rank: i + 1,
        provenance: {
          query,
          lexicalRank: i + 1,
          vectorRank: null,
          matched: terms.filter((term) => contains((index.postings.get(term) as Postings).docs, doc)),
        },
      }));
      for (const doc of touched) scores[doc] = 0;
      return {
        id: hashString(
          `${catalog.version}\n${query}\n${hits.map((hit) => `${hit.key}:${hit.score}`).join('\n')}`,
        ),
        selector: 'lexical-bm25',
        query,
        hits,
      };
    },
  };
}
