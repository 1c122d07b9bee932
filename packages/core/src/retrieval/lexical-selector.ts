import type { Catalog, CatalogItem } from '../catalog/index.js';
import { hashString } from '../hash/index.js';
import { tokenize } from './tokenize.js';
import type { AgentSelector, RetrievalHit, RetrievalSet, SelectionRequest } from './types.js';

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
/** Long references are indexed by their beginning; retrieval is about what an item is, not all it says. */
const CONTENT_PREFIX = 4_000;

interface Index {
  readonly items: readonly CatalogItem[];
  readonly postings: ReadonlyMap<string, readonly (readonly [doc: number, tf: number])[]>;
  readonly lengths: Float64Array;
  readonly averageLength: number;
}

function buildIndex(catalog: Catalog): Index {
  const items = catalog.agentItems();
  const postings = new Map<string, [number, number][]>();
  const lengths = new Float64Array(items.length);
  items.forEach((item, doc) => {
    const frequencies = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const term of tokenize(text)) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
    };
    add(item.type === 'tool' ? `${item.name} ${item.serverName}` : item.name, NAME_WEIGHT);
    add(item.description, 1);
    if (item.type !== 'tool') add(item.content.slice(0, CONTENT_PREFIX), 1);
    let length = 0;
    for (const [term, tf] of frequencies) {
      const list = postings.get(term);
      if (list) list.push([doc, tf]);
      else postings.set(term, [[doc, tf]]);
      length += tf;
    }
    lengths[doc] = length;
  });
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return { items, postings, lengths, averageLength: items.length ? total / items.length : 0 };
}

/**
 * A small BM25 selector over the catalog's agent items (name weighted above description and content). The score
 * is BM25 divided by the largest value the query's terms could reach, so it lies in [0, 1]. The index is built
 * once per catalog. A stand-in until embedding retrieval replaces it.
 */
export function createLexicalSelector(): AgentSelector {
  const indexes = new WeakMap<Catalog, Index>();
  return {
    name: 'lexical-bm25',
    select({ query, catalog, exclude, limit }: SelectionRequest): RetrievalSet {
      const index = indexes.get(catalog) ?? buildIndex(catalog);
      indexes.set(catalog, index);
      const count = index.items.length;
      const terms = [...new Set(tokenize(query))];
      const scores = new Float64Array(count);
      const matched = new Map<number, string[]>();
      let ceiling = 0;
      for (const term of terms) {
        const list = index.postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
        ceiling += idf * (K1 + 1);
        for (const [doc, tf] of list) {
          const norm = K1 * (1 - B + (B * (index.lengths[doc] ?? 0)) / (index.averageLength || 1));
          scores[doc] = (scores[doc] ?? 0) + (idf * tf * (K1 + 1)) / (tf + norm);
          const terms = matched.get(doc);
          if (terms) terms.push(term);
          else matched.set(doc, [term]);
        }
      }
      const ranked = [...matched.keys()]
        .filter((doc) => !exclude.has((index.items[doc] as CatalogItem).key))
        .sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b)
        .slice(0, limit);
      const hits: RetrievalHit[] = ranked.map((doc, i) => ({
        key: (index.items[doc] as CatalogItem).key,
        score: ceiling > 0 ? Math.min(1, (scores[doc] ?? 0) / ceiling) : 0,
        rank: i + 1,
        provenance: { query, lexicalRank: i + 1, vectorRank: null, matched: matched.get(doc) ?? [] },
      }));
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
