import { create, insert, search } from '@orama/orama';
import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Catalog } from '../src/index.js';

/** A search library ranking catalog items for a query: item keys, best first. */
export interface Peer {
  readonly name: string;
  rank(query: string): string[] | Promise<string[]>;
}

interface PeerDocument {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

function documentsOf(catalog: Catalog): PeerDocument[] {
  return catalog
    .agentItems()
    .map((item) => ({ id: item.key, name: item.name, description: item.description }));
}

export function miniSearch(catalog: Catalog, name: string, options: SearchOptions = {}): Peer {
  const index = new MiniSearch<PeerDocument>({ fields: ['name', 'description'], searchOptions: options });
  index.addAll(documentsOf(catalog));
  return {
    name,
    rank: (query) =>
      index
        .search(query)
        .slice(0, 10)
        .map((result) => String(result.id)),
  };
}

export async function orama(
  catalog: Catalog,
  name: string,
  options: { readonly boost?: { readonly name?: number }; readonly threshold?: number } = {},
): Promise<Peer> {
  const db = create({ schema: { name: 'string', description: 'string' } as const });
  for (const document of documentsOf(catalog)) await insert(db, document);
  return {
    name,
    async rank(query) {
      const result = await search(db, {
        term: query,
        limit: 10,
        ...(options.boost && { boost: options.boost }),
        ...(options.threshold !== undefined && { threshold: options.threshold }),
      });
      return result.hits.map((hit) => String(hit.id));
    },
  };
}
